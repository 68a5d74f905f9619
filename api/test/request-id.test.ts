// Correlated logs: every log line of a request carries its id (reqId), taken from the caller's X-Request-Id when it
// is a safe id (the portal's http client sends a UUID per call) and answered back in X-Request-Id for support.
import type { FastifyInstance } from 'fastify';
import { createLoggedApp, type LoggedApp } from './logged-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: LoggedApp;
let app: FastifyInstance;

beforeAll(async () => {
  server = await createLoggedApp();
  app = server.app;
});

afterAll(async () => server?.close());

/** The log lines written while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const from = server.lines.length;
  await run();
  return server.lines.slice(from).map((line) => JSON.parse(line));
}

describe('request ids', () => {
  it("takes the caller's X-Request-Id: every log line of the request carries it as reqId, and the answer names it", async () => {
    let headers: Record<string, unknown> = {};
    const written = await logged(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/user', headers: { 'x-request-id': 'abc-123' } });
      expect(res.statusCode).toBe(401);
      headers = res.headers;
    });
    expect(headers['x-request-id']).toBe('abc-123');
    const messages = written.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(written.map((l) => l.reqId)).toEqual(written.map(() => 'abc-123'));
  });

  it.each([
    ['spaces and quotes', 'abc 123"'],
    ['longer than 64 characters', 'a'.repeat(65)],
    ['markup', '<script>'],
    ['a line break', 'abc\n{"level":60}'],
    ['empty', ''],
  ])('replaces a malformed X-Request-Id (%s) with a fresh UUID, in the logs and the answer', async (_name, sent) => {
    let answered = '';
    const written = await logged(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/user', headers: { 'x-request-id': sent } });
      answered = String(res.headers['x-request-id']);
    });
    expect(answered).toMatch(UUID);
    expect(written.length).toBeGreaterThan(0);
    for (const line of written) expect(line.reqId).toBe(answered);
  });

  it('gives a request without one a fresh UUID each, also on answers no route gives (404)', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/nowhere' });
    const second = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('keeps an id of exactly 64 safe characters', async () => {
    const id = `${'A1-'.repeat(21)}z`;
    expect(id).toHaveLength(64);
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
  });
});
