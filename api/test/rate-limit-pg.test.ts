import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type DbHandle } from '../src/db/client';
import { rateLimitStoreKind } from '../src/plugins/rate-limit';
import { FLUSH_DELAY_MS, pgRateLimitStore } from '../src/plugins/rate-limit-pg-store';
import { scratchDatabase } from '../../scripts/scratch-database.cjs';
import { registerUser, testConfig } from './helpers';

// With DATABASE_URL and no REDIS_URL the rate-limit counters live in PostgreSQL, so two api instances on
// one database share them. Runs on the local PostgreSQL (TEST_DATABASE_URL); skipped without it.

const BASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = BASE_URL ? describe : describe.skip;

it('chooses the store from the configuration', () => {
  expect(rateLimitStoreKind({ redisUrl: 'redis://x:6379', databaseUrl: 'postgres://db/x' })).toBe('redis');
  expect(rateLimitStoreKind({ redisUrl: null, databaseUrl: 'postgres://db/x' })).toBe('postgres');
  expect(rateLimitStoreKind({ redisUrl: null, databaseUrl: null })).toBe('memory');
});

onPostgres('PostgreSQL store, two api instances on one database', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let url = '';
  const handles: DbHandle[] = [];
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  async function instance(): Promise<FastifyInstance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-rl-'));
    dirs.push(dataDir);
    const config = testConfig(dataDir, {
      DATABASE_URL: url,
      RATE_LIMIT_MAX: '6',
      RATE_LIMIT_STRICT_MAX: '3',
      // Both instances share the key that encrypts stored secrets (as they would in production).
      DS_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    const handle = await openDatabase({ databaseUrl: url, pgliteDir: '' });
    handles.push(handle);
    const app = await buildApp(config, { db: handle });
    await app.ready();
    apps.push(app);
    return app;
  }

  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await scratchDatabase(BASE_URL!, 'portal_test_rl');
    url = database.url;
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close().catch(() => undefined);
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a strict route counts across both instances: 3 contact requests in all, the 4th gets 429 on either', async () => {
    const user = await registerUser(a);
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/user/contact-us',
        headers: user.headers,
        payload: { name: 'Erika', phone: '4940123456', email: user.email, message: 'Hello' },
      });
    const codes = [];
    for (const app of [a, b, a, b, a]) codes.push((await send(app)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const refused = await send(b);
    expect(refused.json()).toMatchObject({ slug: 'too-many-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('the global limit per address counts across both instances too', async () => {
    const from = '203.0.113.77';
    const codes = [];
    for (let i = 0; i < 8; i++) {
      const app = i % 2 ? b : a;
      codes.push((await app.inject({ method: 'GET', url: '/api/portal/registry', remoteAddress: from })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Another address has its own counter.
    expect(
      (await b.inject({ method: 'GET', url: '/api/portal/registry', remoteAddress: '203.0.113.78' })).statusCode,
    ).toBe(200);
  });

  it('the counters are rows of rate_limit_counters; a counter whose window passed starts again at 1', async () => {
    const rows = await handles[0].db.execute(sql`SELECT count(*)::int AS n FROM rate_limit_counters`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThan(0);

    const Store = pgRateLimitStore(
      () => handles[0].db,
      (err) => {
        throw err;
      },
    );
    const store = new Store();
    const incr = (key: string, window: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window),
      );
    const key = `window-${crypto.randomBytes(4).toString('hex')}`;
    expect(await incr(key, 300)).toMatchObject({ current: 1 });
    const second = await incr(key, 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 400));
    expect(await incr(key, 300)).toMatchObject({ current: 1 });
  });

  it('parallel increments on both instances lose no count', async () => {
    const Store = pgRateLimitStore(
      () => handles[0].db,
      () => undefined,
    );
    const Other = pgRateLimitStore(
      () => handles[1].db,
      () => undefined,
    );
    const stores = [new Store(), new Other()];
    const key = `parallel-${crypto.randomBytes(4).toString('hex')}`;
    const results = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) =>
          new Promise<number>((resolve, reject) =>
            stores[i % 2].incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000),
          ),
      ),
    );
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('increments that arrive while a statement for the counter is in flight go in one statement, each counted', async () => {
    let statements = 0;
    const Store = pgRateLimitStore(
      () => {
        statements += 1;
        return handles[0].db;
      },
      () => undefined,
    );
    const store = new Store();
    const key = `burst-${crypto.randomBytes(4).toString('hex')}`;
    const incr = () =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000),
      );
    const results = await Promise.all(Array.from({ length: 20 }, incr));
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The first alone, the 19 that waited for it together.
    expect(statements).toBe(2);
    expect(await incr()).toBe(21);
  });
  it('under load a request clearly under the limit passes without waiting for the statement in flight', async () => {
    const Store = pgRateLimitStore(
      () => handles[0].db,
      () => undefined,
    );
    const store = new Store();
    const key = `under-${crypto.randomBytes(4).toString('hex')}`;
    const incr = (max?: number) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, max),
      );
    const first = incr(100);
    const waited = Array.from({ length: 19 }, () => incr(100));
    // The first statement answered: the 19 that waited for it are in flight as the second.
    expect(await first).toBe(1);
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) store.incr(key, (err, res) => answered.push(res!.current), 60_000, 100);
    // Answered at once, counted as if they came after the 19 in flight.
    expect(answered).toEqual([21, 22, 23, 24, 25]);
    // 26 of a limit of 40 is more than half: this one waits for the database's count.
    let late = 0;
    const nearLimit = new Promise<number>((resolve) =>
      store.incr(key, (err, res) => resolve((late = res!.current)), 60_000, 40),
    );
    expect(late).toBe(0);
    expect((await Promise.all(waited)).sort((x, y) => x - y)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
    expect(await nearLimit).toBe(26);
    // Nothing was lost: the database counted every increment.
    expect(await incr()).toBe(27);
  });

  it('increments of requests that passed at once gather for a moment, and go at once when a request waits', async () => {
    let statements = 0;
    const Store = pgRateLimitStore(
      () => {
        statements += 1;
        return handles[0].db;
      },
      () => undefined,
    );
    const store = new Store();
    const key = `gather-${crypto.randomBytes(4).toString('hex')}`;
    const incr = (max?: number) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, max),
      );
    const passedAtOnce = () => {
      const answered: number[] = [];
      for (let i = 0; i < 5; i++) store.incr(key, (_err, res) => answered.push(res!.current), 60_000, 100);
      return answered;
    };
    // Nothing is known of an idle counter: both wait, the second in a statement of its own after the first.
    const first = incr(100);
    const second = incr(100);
    expect(await first).toBe(1);
    expect(passedAtOnce()).toEqual([3, 4, 5, 6, 7]);
    expect(await second).toBe(2);
    // The five were not sent when the second's statement returned: nobody waits for them.
    expect(statements).toBe(2);
    expect(passedAtOnce()).toEqual([8, 9, 10, 11, 12]);
    await new Promise((r) => setTimeout(r, FLUSH_DELAY_MS + 200));
    // All ten went in one statement.
    expect(statements).toBe(3);
    // Idle again; then, while five gather, a request that waits for the count (no limit given) sends them at once.
    const third = incr(100);
    const fourth = incr(100);
    expect(await third).toBe(13);
    expect(passedAtOnce()).toEqual([15, 16, 17, 18, 19]);
    expect(await fourth).toBe(14);
    const before = statements;
    const waits = incr();
    expect(statements).toBe(before + 1);
    expect(await waits).toBe(20);
  });
});
