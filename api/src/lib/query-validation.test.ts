import { z, type ZodType } from 'zod';
import { rememberedQuery, validatorCompiler } from './query-validation';

/** A page query that counts its parses (impure on purpose, to see when it runs). */
function countingSchema() {
  const counter = { parses: 0 };
  const schema = z.object({
    page: z.string().transform((v) => {
      counter.parses += 1;
      return Number(v);
    }),
    size: z.string().regex(/^\d+$/).transform(Number).default(10),
  });
  return { schema, counter };
}

const compile = (schema: ZodType, httpPart = 'querystring') =>
  validatorCompiler({ schema, httpPart, method: 'GET', url: '/x' } as Parameters<typeof validatorCompiler>[0]) as (
    data: unknown,
  ) => { value?: Record<string, unknown>; error?: unknown };

describe('validatorCompiler', () => {
  it('parses each distinct query of a remembered schema once, and gives every request a copy of its own', () => {
    const { schema, counter } = countingSchema();
    const validate = compile(rememberedQuery(schema));
    const first = validate({ page: '2', size: '5' });
    expect(first.value).toEqual({ page: 2, size: 5 });
    first.value!.page = 99;
    expect(validate({ page: '2', size: '5' }).value).toEqual({ page: 2, size: 5 });
    expect(validate({ page: '3' }).value).toEqual({ page: 3, size: 10 });
    expect(counter.parses).toBe(2);
  });

  it('does not remember a refused query, nor queries of other schemas or other parts of a request', () => {
    const { schema, counter } = countingSchema();
    const validate = compile(rememberedQuery(schema));
    for (let i = 0; i < 2; i++) expect(validate({ page: '1', size: 'x' }).error).toBeDefined();
    const other = countingSchema();
    const plain = compile(other.schema);
    for (let i = 0; i < 2; i++) expect(plain({ page: '1' }).value).toEqual({ page: 1, size: 10 });
    expect(other.counter.parses).toBe(2);
    const body = compile(rememberedQuery(countingSchema().schema), 'body');
    expect(body({ page: '1' }).value).toEqual({ page: 1, size: 10 });
    expect(counter.parses).toBe(2);
  });
});
