// Correlated logs: every log line of a request carries its id (reqId), taken from the caller's X-Request-Id when it
// is a safe id (the portal's http client sends a UUID per call) and answered back in X-Request-Id for support.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DbHandle } from '../src/db/client';
import { EMULATOR_HOST, PROJECT_ID } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: FastifyInstance;
let db: DbHandle;
let dataDir: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-request-id-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: PROJECT_ID,
  });
  db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, pgliteDir: 'memory://' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp(config, { db, logStream: stream });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The log lines written while `run` ran. */
async function logged(run: () => Promise<unknown>) {
  const from = lines.length;
  await run();
  return lines.slice(from);
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
