import { forbidZodEval } from './zod-without-eval';

describe('forbidZodEval', () => {
  beforeEach(() => {
    delete (globalThis as Record<string, unknown>).__zod_globalConfig;
    jest.resetModules();
  });

  it('is the setting zod reads, whether zod loads after it or was loaded before', async () => {
    forbidZodEval();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    config({ jitless: false });
    forbidZodEval();
    expect(config().jitless).toBe(true);
  });

  it('keeps zod from probing eval when it builds an object schema', async () => {
    forbidZodEval();
    const { z } = await import('zod');
    const FunctionBefore = globalThis.Function;
    const probe = jest.fn();
    globalThis.Function = new Proxy(FunctionBefore, { construct: (...args) => (probe(), Reflect.construct(...args)) });
    try {
      const schema = z.object({ a: z.string() });
      expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = FunctionBefore;
    }
    expect(probe).not.toHaveBeenCalled();
  });
});
