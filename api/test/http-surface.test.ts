import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createFirebaseUser, createTestApp, registerUser, testConfig, uniqueEmail, type TestApp } from './helpers';
import { createLoggedApp } from './logged-app';

// CORS limited to the portal's own origins, security headers, isInternal needs a verified email, and
// error logs without SQL parameters.

describe('CORS and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://partner.example' });
  });
  afterAll(async () => t?.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it.each(['https://evil.example', 'null', 'http://127.0.0.1:8080.evil.example'])(
    'gives no CORS headers to Origin %s',
    async (origin) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it.each(['http://127.0.0.1:8080', 'http://localhost:3000', 'https://partner.example'])(
    'allows the portal origin and configured ones: %s',
    async (origin) => {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    },
  );

  it('defaults to no origin at all in production without PORTAL_ORIGIN, and takes PORTAL_ORIGIN there', () => {
    const base = { PORTAL_MODE: 'production', DS_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, PORTAL_ORIGIN: 'https://portal.example.com/' }).corsOrigins).toEqual([
      'https://portal.example.com',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'null' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
  });

  it('sends security headers on api responses, errors included', async () => {
    for (const url of ['/api/health', '/api/user', '/api/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Headers only a page reads stay off JSON answers.
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('the OpenAPI page keeps a CSP it can run under (its own scripts, no inline code)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['origin-agent-cluster']).toBe('?1');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
  });
});

describe('isInternal', () => {
  const boss = uniqueEmail('boss');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INTERNAL_EMAILS: boss });
  });
  afterAll(async () => t?.close());

  it('needs the email of the token to be verified', async () => {
    const unverified = await createFirebaseUser({ email: boss, emailVerified: false });
    const ids = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/portal/registry', headers })).json().entries.map((e: { id: string }) => e.id);
    expect(await ids(unverified.headers)).not.toContain('gpsr');
    expect(t.app.isInternal({ email: boss, emailVerified: false })).toBe(false);
    expect(t.app.isInternal({ email: boss, emailVerified: true })).toBe(true);
    // The provider's address must equal a configured one exactly: no case folding, no trimming.
    for (const lookalike of [boss.toUpperCase(), `${boss} `, ` ${boss}`, `${boss}\t`, `${boss}\u00a0`]) {
      expect([lookalike, t.app.isInternal({ email: lookalike, emailVerified: true })]).toEqual([lookalike, false]);
    }
    expect(t.app.isInternal(null)).toBe(false);
  });
});

describe('error logs', () => {
  it('carry no SQL parameters, key values or secrets from a driver error', async () => {
    const secret = `secret-${crypto.randomBytes(6).toString('hex')}`;
    // A real driver failure with parameters: a unique violation that repeats the key value, and a type error.
    const { app, lines, close } = await createLoggedApp((server) =>
      server.get('/api/test-driver-error/:kind', async (request) => {
        const { kind } = request.params as { kind: string };
        if (kind === 'unique') {
          await server.db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS t_unique (v text UNIQUE)`);
          await server.db.execute(sql`INSERT INTO t_unique (v) VALUES (${secret})`);
          await server.db.execute(sql`INSERT INTO t_unique (v) VALUES (${secret})`);
        } else {
          await server.db.execute(sql`SELECT ${secret}::int`);
        }
        return {};
      }),
    );
    try {
      for (const kind of ['unique', 'cast']) {
        const res = await app.inject({ method: 'GET', url: `/api/test-driver-error/${kind}` });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: 'Internal Server Error', slug: 'internal-error' });
        expect(res.body).not.toContain(secret);
      }
      // The sub-user service logs its own { err } too: the same serializer applies everywhere.
      app.log.error({ err: new Error(`Failed query: insert into x values ($1)\nparams: ${secret}`) }, 'by hand');
    } finally {
      await close();
    }
    const errors = lines.filter((l) => /"level":50/.test(l));
    expect(errors.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('\n');
    expect(all).not.toContain(secret);
    expect(all).toContain('[redacted]');
    // What a maintainer needs stays: the statement and the SQLSTATE code.
    expect(all).toMatch(/"code":"23505"/);
    expect(all).toMatch(/INSERT INTO t_unique/);
  });
});

describe('a registered user on the surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('still answers normally (sanity of the global hooks)', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(a.email);
  });
});

describe('database outage', () => {
  it('answers 503 database-unavailable with Retry-After, fast, when the driver cannot reach PostgreSQL', async () => {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A real node-postgres pool against a port where nothing listens: what requests meet while PostgreSQL restarts.
    const down = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 1000 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-down-'));
    const config = testConfig(dataDir);
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    const app = await buildApp(config, { db });
    app.get('/api/test-outage', async () => drizzle(down).execute(sql`SELECT 1`));
    await app.ready();
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/test-outage' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ slug: 'database-unavailable', message: expect.stringMatching(/not reachable/) });
      expect(res.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await app.close();
      await db.close();
      await down.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL restart (connections terminated by the server)', () => {
  const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

  it('the api keeps running and the next query works again, without a restart of the api', async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: baseUrl });
    try {
      await admin.connect();
    } catch {
      console.warn(`skipped: no PostgreSQL at ${baseUrl}`);
      return;
    }
    const name = `portal_restart_${crypto.randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
    try {
      expect(await handle.ping()).toBe(true);
      // What a restart does to the api's pooled connections:
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await handle.ping()).toBe(true);
      const rows = await handle.db.execute(sql`SELECT 1 AS one`);
      expect((rows as unknown as { rows: { one: number }[] }).rows[0].one).toBe(1);
    } finally {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
