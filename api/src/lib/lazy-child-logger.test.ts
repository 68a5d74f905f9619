import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { REDACTED_PATHS } from '../app';
import { lazyChildLoggerFactory } from './lazy-child-logger';

type Line = { level: number; msg: string; reqId?: string; [key: string]: unknown };

/** A server with the api's logger options (redaction, child loggers) at `level`; `lines` it wrote. */
async function server(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/logs', async (request) => {
    request.log.debug('not at info');
    request.log.info({ password: 'hunter2', nested: { token: 'tkn' }, n: 1 }, 'handler line');
    request.log.child({ part: 'child' }).warn('from a child');
    return { ok: true };
  });
  app.get('/quiet', async (request) => {
    request.log.info('only at info');
    return { level: request.log.level };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route debug');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request.log made on first use', () => {
  it("writes what pino's child wrote: the request's lines with its id, redacted, children included", async () => {
    const { app, lines } = await server('info');
    try {
      await app.inject({ url: '/logs', headers: { authorization: 'Bearer secret-token' } });
      expect(lines.map((l) => l.msg)).toEqual([
        'incoming request',
        'handler line',
        'from a child',
        'request completed',
      ]);
      const reqId = lines[0].reqId;
      expect(typeof reqId).toBe('string');
      expect(lines.every((l) => l.reqId === reqId)).toBe(true);
      expect(lines[1]).toMatchObject({ level: 30, password: '[redacted]', nested: { token: '[redacted]' }, n: 1 });
      expect(lines[2]).toMatchObject({ level: 40, part: 'child' });
      expect(JSON.stringify(lines)).not.toMatch(/hunter2|tkn|secret-token/);
    } finally {
      await app.close();
    }
  });

  it('follows the level: nothing below it, and a route with a level of its own logs at that level', async () => {
    const { app, lines } = await server('warn');
    try {
      expect((await app.inject({ url: '/quiet' })).json()).toEqual({ level: 'warn' });
      expect(lines).toEqual([]);
      await app.inject({ url: '/chatty' });
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [30, 'incoming request'],
        [20, 'route debug'],
        [30, 'request completed'],
      ]);
    } finally {
      await app.close();
    }
  });
});
