import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { licenses } from '../src/db/schema';
import { ownerCacheStore } from '../src/plugins/owner-cache';
import {
  COMPLETE_CONTACT,
  createSubUser,
  createTestApp,
  grantMobileLicense,
  registerUser,
  type TestApp,
} from './helpers';

const PAGE = '/api/license/all?page=1&pageSize=50';
const CONTACT = '/api/user/profile/contact';

/** Polls a condition (not a fixed sleep): the LISTEN connection going down or coming back takes its own time. */
async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** True when the entry is held: a load that would fail is not called. */
async function cached(app: FastifyInstance, userId: string, key: string): Promise<boolean> {
  return app.ownerCache
    .read(userId, key, () => Promise.reject(new Error('not cached')))
    .then(
      () => true,
      () => false,
    );
}

describe('ownerCacheStore', () => {
  const setup = (ttlMs = 1000, maxUsers = 3, maxKeysPerUser = 2) => {
    let clock = 1_000_000;
    const store = ownerCacheStore({ ttlMs, maxUsers, maxKeysPerUser, now: () => clock });
    store.setActive(true);
    return { store, tick: (ms: number) => (clock += ms), now: () => clock };
  };
  const load = (value: string) => jest.fn(async () => value);

  it('keeps an answer until the TTL or the time the value says, whichever is sooner', async () => {
    const { store, tick, now } = setup(1000);
    expect(await store.read('u1', 'k', load('a'))).toBe('a');
    expect(await store.read('u1', 'k', load('b'))).toBe('a');
    tick(1000);
    expect(await store.read('u1', 'k', load('c'))).toBe('c');
    await store.read('u2', 'k', load('x'), () => now() + 100);
    tick(100);
    expect(await store.read('u2', 'k', load('y'))).toBe('y');
  });

  it('is bounded: least recently used users and keys go first', async () => {
    const { store } = setup(60_000, 2, 2);
    await store.read('u1', 'a', load('1a'));
    await store.read('u1', 'b', load('1b'));
    await store.read('u1', 'c', load('1c'));
    expect(await store.read('u1', 'a', load('new'))).toBe('new');
    await store.read('u2', 'a', load('2a'));
    await store.read('u1', 'c', load('again')); // u1 used last: u2 is the oldest now
    await store.read('u3', 'a', load('3a'));
    expect(await store.read('u2', 'a', load('reloaded'))).toBe('reloaded');
    expect(store.size).toBeLessThanOrEqual(4);
  });

  it('keeps the order of use when one user reads again and again, also after an invalidation', async () => {
    const { store } = setup(60_000, 2, 4);
    await store.read('u1', 'a', load('1a'));
    await store.read('u2', 'a', load('2a'));
    for (let i = 0; i < 3; i++) expect(await store.read('u2', 'a', load('x'))).toBe('2a');
    expect(await store.read('u1', 'a', load('x'))).toBe('1a'); // u1 used last: u2 is the oldest now
    store.invalidate('u1');
    expect(await store.read('u1', 'a', load('1a again'))).toBe('1a again');
    await store.read('u3', 'a', load('3a')); // one user too many: u2 goes
    expect(await store.read('u1', 'a', load('lost'))).toBe('1a again');
    expect(await store.read('u2', 'a', load('2a reloaded'))).toBe('2a reloaded');
  });

  it('does not keep what a load read before the user was invalidated, nor anything while inactive', async () => {
    const { store } = setup();
    let finish!: (value: string) => void;
    const old = store.read('u1', 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    store.invalidate('u1');
    finish('old');
    expect(await old).toBe('old');
    expect(await store.read('u1', 'k', load('new'))).toBe('new');

    const slow = store.read('u2', 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    store.clear();
    finish('old');
    await slow;
    expect(await store.read('u2', 'k', load('new'))).toBe('new');

    store.setActive(false);
    const fresh = load('db');
    await store.read('u3', 'k', fresh);
    await store.read('u3', 'k', fresh);
    expect(fresh).toHaveBeenCalledTimes(2);
  });

  it('shares one load among concurrent readers of one key, and a failed load is not kept', async () => {
    const { store } = setup();
    const once = load('v');
    const all = await Promise.all([store.read('u1', 'k', once), store.read('u1', 'k', once)]);
    expect(all).toEqual(['v', 'v']);
    expect(once).toHaveBeenCalledTimes(1);
    await expect(store.read('u2', 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await store.read('u2', 'k', load('ok'))).toBe('ok');
  });
});

describe('read cache of the api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const keys = async (app: FastifyInstance, headers: Record<string, string>) => {
    const res = await app.inject({ url: PAGE, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { key: string; status: string }[] }).items;
  };

  it('serves a repeated read from the cache and shows a change made through the api on the next read', async () => {
    expect(t.app.ownerCache.active).toBe(true);
    const a = await registerUser(t.app);
    expect(await keys(t.app, a.headers)).toEqual([]);
    expect(await cached(t.app, a.uid, 'license-page:1:50')).toBe(true);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/license/product/free_or_trial?licenseProductID=fresh_desk-trial',
      headers: a.headers,
    });
    expect(activated.statusCode).toBe(201);
    expect((await keys(t.app, a.headers)).map((l) => l.key)).toEqual([activated.json().key]);

    const before = await t.app.inject({ url: CONTACT, headers: a.headers });
    expect(before.json().companyName).toBe('');
    expect(await cached(t.app, a.uid, 'profile-contact')).toBe(true);
    const put = await t.app.inject({ method: 'PUT', url: CONTACT, headers: a.headers, payload: COMPLETE_CONTACT });
    expect(put.statusCode).toBe(200);
    const after = await t.app.inject({ url: CONTACT, headers: a.headers });
    expect(after.json().companyName).toBe(COMPLETE_CONTACT.companyName);
  });

  it('never answers one user with another user’s cached page or profile (same path, other token)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 2);
    const sub = await createSubUser(t.app, a);
    const aKeys = await keys(t.app, a.headers);
    expect(aKeys).toHaveLength(1);
    expect(await keys(t.app, b.headers)).toEqual([]);
    // A sub-user reads the parent's licenses (they work in the main user's account), but its own profile.
    expect(await keys(t.app, sub.headers)).toEqual(aKeys);
    await t.app.inject({ method: 'PUT', url: CONTACT, headers: a.headers, payload: COMPLETE_CONTACT });
    expect((await t.app.inject({ url: CONTACT, headers: a.headers })).json().email).toBe(a.email);
    const bContact = await t.app.inject({ url: CONTACT, headers: b.headers });
    expect(bContact.json()).toMatchObject({ email: b.email, companyName: '' });
    const subContact = await t.app.inject({ url: CONTACT, headers: sub.headers });
    expect(subContact.json()).toMatchObject({ email: sub.email, companyName: '', parentUserId: a.uid });
  });

  it('shows a change another database client made once its notification arrived', async () => {
    const a = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 2);
    await t.app.ownerCache.settle(); // the grant's own notifications must not drop what is cached next
    expect((await keys(t.app, a.headers))[0].status).toBe('active');
    expect((await t.app.inject({ url: CONTACT, headers: a.headers })).json().firstName).toBe('');
    expect(await cached(t.app, a.uid, 'license-page:1:50')).toBe(true);

    // PostgreSQL: a connection of its own; PGlite (one connection per database): a write not made through the api.
    const other = t.databaseUrl ? new Client({ connectionString: t.databaseUrl }) : null;
    await other?.connect();
    const direct = other ?? (t.app.db as unknown as { $client: Pick<Client, 'query'> }).$client;
    try {
      const run = (text: string) => direct.query(text, [a.uid]);
      await run(`UPDATE licenses SET status = 'inactive' WHERE user_id = $1`);
      await run(
        `INSERT INTO profiles (user_id, first_name) VALUES ($1, 'Direct') ON CONFLICT (user_id) DO UPDATE SET first_name = 'Direct'`,
      );
      // settle(): its own notification comes after the other client's (commit order).
      await t.app.ownerCache.settle();
      expect(await cached(t.app, a.uid, 'license-page:1:50')).toBe(false);
      expect((await keys(t.app, a.headers))[0].status).toBe('inactive');
      expect((await t.app.inject({ url: CONTACT, headers: a.headers })).json().firstName).toBe('Direct');

      // The user row (read on every request) too: a deactivated account is refused.
      await run(`UPDATE users SET is_active = false WHERE id = $1`);
      await t.app.ownerCache.settle();
      expect((await t.app.inject({ url: PAGE, headers: a.headers })).statusCode).toBe(403);
    } finally {
      await other?.end();
    }
  });

  it('shows a change another api instance on the same database made through its api', async () => {
    if (!t.databaseUrl) return; // PGlite: one process per database
    const handle = await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: '' });
    const second = await buildApp(t.config, { db: handle });
    await second.ready();
    try {
      const a = await registerUser(t.app);
      expect((await t.app.inject({ url: CONTACT, headers: a.headers })).json().city).toBe('');
      expect((await second.inject({ url: CONTACT, headers: a.headers })).json().city).toBe('');
      const put = await second.inject({ method: 'PUT', url: CONTACT, headers: a.headers, payload: COMPLETE_CONTACT });
      expect(put.statusCode).toBe(200);
      await t.app.ownerCache.settle();
      expect((await t.app.inject({ url: CONTACT, headers: a.headers })).json().city).toBe(COMPLETE_CONTACT.city);
    } finally {
      await second.close();
      await handle.close();
    }
  });

  it('reads from the database while the LISTEN connection is down, and caches again once it is back', async () => {
    if (!t.databaseUrl) return; // PGlite's notifications need no connection of their own
    const a = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 2);
    expect((await keys(t.app, a.headers))[0].status).toBe('active');
    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      await until(() => !t.app.ownerCache.active, 'the cache to turn off');
      // No notification can arrive now: the read must go to the database.
      await other.query(`UPDATE licenses SET status = 'inactive' WHERE user_id = $1`, [a.uid]);
      expect((await keys(t.app, a.headers))[0].status).toBe('inactive');
      expect(await cached(t.app, a.uid, 'license-page:1:50')).toBe(false);

      await until(() => t.app.ownerCache.active, 'the LISTEN connection to come back');
      expect((await keys(t.app, a.headers))[0].status).toBe('inactive');
      expect(await cached(t.app, a.uid, 'license-page:1:50')).toBe(true);
      await other.query(`UPDATE licenses SET status = 'active' WHERE user_id = $1`, [a.uid]);
      await t.app.ownerCache.settle();
      expect((await keys(t.app, a.headers))[0].status).toBe('active');
    } finally {
      await other.end();
    }
  });

  it('drops every user’s pages when a product changes', async () => {
    const a = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 2);
    const [license] = await keys(t.app, a.headers);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.key, license.key));
    await t.app.db.execute(sql`UPDATE products SET name = 'Mobile Renamed' WHERE id = ${row.productId}`);
    await t.app.ownerCache.settle();
    const res = await t.app.inject({ url: PAGE, headers: a.headers });
    expect(res.json().items[0].productName).toBe('Mobile Renamed');
  });
});
