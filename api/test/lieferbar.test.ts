import crypto from 'node:crypto';
import net from 'node:net';
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { dataSources } from '../src/db/schema';
import { createSubUser, createTestApp, registerUser, uniqueEmail, type TestApp, type TestIdentity } from './helpers';

// GET /api/wawi/lieferbar/orders against real order databases of the dev machine: PostgreSQL (postgres, trust)
// and MariaDB (root, no password), each with its own fixture database shaped like JTL-Wawi's Verkauf.tAuftrag
// and dbo.tVersandArt, created here and dropped afterwards.

const suffix = crypto.randomBytes(4).toString('hex');
const PG_DB = `lieferbar_${suffix}`;
const PG_EMPTY_DB = `lieferbar_empty_${suffix}`;
const MY_DB = `lieferbar_${suffix}`;
const MY_USER = `lieferbar_${suffix}`;
const MY_PASSWORD = 'Lieferbar-4711';

const staffEmail = uniqueEmail('staff');
let t: TestApp;
let staff: TestIdentity;
let pgUp = false;
let myUp = false;

// Shipping methods, then orders: [kVersandArt | null, nType, nStorno, nKomplettAusgeliefert, kRueckhaltegrund | null].
const SHIPPING = [
  [1, 'DHL Paket'],
  [2, 'DPD Classic'],
  [3, 'Abholung'],
] as const;
const ORDERS: [number | null, number, number, number, number | null][] = [
  [1, 1, 0, 0, null], // DHL pending ×3
  [1, 1, 0, 0, null],
  [1, 1, 0, 0, 0],
  [1, 1, 1, 0, null], // cancelled
  [1, 1, 0, 1, null], // completely delivered
  [1, 0, 0, 0, null], // an offer, not an order
  [1, 1, 0, 0, 7], // held back
  [2, 1, 0, 0, null], // DPD pending ×1
  [3, 1, 0, 1, null], // pick-up: only a delivered one → no card
  [null, 1, 0, 0, null], // without a shipping method
];
const EXPECTED_ORDERS = [
  { shippingType: 'DHL Paket', pendingCount: 3 },
  { shippingType: 'DPD Classic', pendingCount: 1 },
  { shippingType: null, pendingCount: 1 },
];
const byName = (a: { shippingType: string | null }, b: { shippingType: string | null }) =>
  (a.shippingType ?? '').localeCompare(b.shippingType ?? '');

const orderValues = () =>
  ORDERS.map((o, i) => `(${i + 1}, ${o.map((v) => (v === null ? 'NULL' : v)).join(', ')})`).join(', ');
const shippingValues = () => SHIPPING.map(([k, name]) => `(${k}, '${name}')`).join(', ');

async function pgAdmin(database = 'test') {
  const c = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database, connectionTimeoutMillis: 3000 });
  await c.connect();
  return c;
}

async function preparePg(): Promise<boolean> {
  try {
    const admin = await pgAdmin();
    await admin.query(`CREATE DATABASE ${PG_DB}`);
    await admin.query(`CREATE DATABASE ${PG_EMPTY_DB}`);
    await admin.end();
    const c = await pgAdmin(PG_DB);
    await c.query(`CREATE SCHEMA verkauf;
      CREATE TABLE public.tVersandArt (kVersandArt INT PRIMARY KEY, cName VARCHAR(255) NOT NULL);
      CREATE TABLE verkauf.tAuftrag (kAuftrag INT PRIMARY KEY, kVersandArt INT, nType SMALLINT NOT NULL,
        nStorno SMALLINT NOT NULL, nKomplettAusgeliefert SMALLINT NOT NULL, kRueckhaltegrund INT);
      INSERT INTO public.tVersandArt VALUES ${shippingValues()};
      INSERT INTO verkauf.tAuftrag VALUES ${orderValues()};`);
    await c.end();
    return true;
  } catch (err) {
    console.warn(
      `PostgreSQL at 127.0.0.1:5432 is not usable (${(err as Error).message}); its lieferbar tests are skipped.`,
    );
    return false;
  }
}

async function myRoot() {
  return mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', connectTimeout: 3000 });
}

async function prepareMysql(): Promise<boolean> {
  try {
    const root = await myRoot();
    await root.query(`CREATE DATABASE ${MY_DB}`);
    await root.query(`CREATE DATABASE ${MY_DB}_empty`);
    for (const host of ['%', 'localhost', '127.0.0.1']) {
      await root.query(`CREATE USER IF NOT EXISTS '${MY_USER}'@'${host}' IDENTIFIED BY '${MY_PASSWORD}'`);
      await root.query(`GRANT SELECT ON ${MY_DB}.* TO '${MY_USER}'@'${host}'`);
      await root.query(`GRANT SELECT ON ${MY_DB}_empty.* TO '${MY_USER}'@'${host}'`);
    }
    await root.query(`USE ${MY_DB}`);
    await root.query('CREATE TABLE tVersandArt (kVersandArt INT PRIMARY KEY, cName VARCHAR(255) NOT NULL)');
    await root.query(`CREATE TABLE tAuftrag (kAuftrag INT PRIMARY KEY, kVersandArt INT, nType TINYINT NOT NULL,
      nStorno TINYINT NOT NULL, nKomplettAusgeliefert TINYINT NOT NULL, kRueckhaltegrund INT)`);
    await root.query(`INSERT INTO tVersandArt VALUES ${shippingValues()}`);
    await root.query(`INSERT INTO tAuftrag VALUES ${orderValues()}`);
    await root.end();
    return true;
  } catch (err) {
    console.warn(
      `MariaDB at 127.0.0.1:3306 is not usable (${(err as Error).message}); its lieferbar tests are skipped.`,
    );
    return false;
  }
}

/** Runs `fn` only when the server answers; otherwise says so (never a silent pass). */
const whenUp = (up: () => boolean, name: string, fn: () => Promise<void>) => async () => {
  if (!up()) {
    console.warn(`skipped: ${name} server not reachable`);
    return;
  }
  await fn();
};

/** An account with an api row; `email` lets a test pick an internal address. */
const account = (email?: string): Promise<TestIdentity> => registerUser(t.app, { email });

/** Saves a data source the way the profile form does (the api tests the connection first). */
async function saveDataSource(user: TestIdentity, details: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/ds', headers: user.headers, payload: details });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`POST /user/ds: ${res.statusCode} ${res.body}`);
}

/** Stores a connection without testing it (one that cannot pass a test, e.g. a host that is down). */
async function storeDataSource(
  user: TestIdentity,
  d: { engine: 'postgres' | 'mysql' | 'mssql'; host: string; port: number },
) {
  await t.app.db
    .insert(dataSources)
    .values({
      userId: user.uid,
      engine: d.engine,
      host: d.host,
      port: d.port,
      database: 'eazybusiness',
      dbUser: 'portal',
      passwordEncrypted: t.app.crypto.encrypt('secret-pw-123'),
      userEmails: [user.email],
      status: 'active',
    })
    .onConflictDoUpdate({
      target: dataSources.userId,
      set: { engine: d.engine, host: d.host, port: d.port, updatedAt: new Date() },
    });
}

const pgDetails = (database = PG_DB) => ({
  engine: 'postgres',
  host: '127.0.0.1',
  port: 5432,
  database,
  user: 'postgres',
  password: 'pg-trust-any',
});
const myDetails = {
  engine: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: MY_DB,
  user: MY_USER,
  password: MY_PASSWORD,
};

const getOrders = (user: TestIdentity | null) =>
  t.app.inject({ method: 'GET', url: '/api/wawi/lieferbar/orders', headers: user?.headers });

beforeAll(async () => {
  [t, pgUp, myUp] = await Promise.all([
    createTestApp({ DS_ALLOWED_HOSTS: '127.0.0.1,203.0.113.1', INTERNAL_EMAILS: staffEmail }),
    preparePg(),
    prepareMysql(),
  ]);
  staff = await account(staffEmail);
}, 90_000);

afterAll(async () => {
  await t?.close(); // closes the pools first, so the databases can be dropped
  if (pgUp) {
    const admin = await pgAdmin();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${PG_EMPTY_DB} WITH (FORCE)`);
    await admin.end();
  }
  if (myUp) {
    const root = await myRoot();
    await root.query(`DROP DATABASE IF EXISTS ${MY_DB}`);
    await root.query(`DROP DATABASE IF EXISTS ${MY_DB}_empty`);
    for (const host of ['%', 'localhost', '127.0.0.1']) await root.query(`DROP USER IF EXISTS '${MY_USER}'@'${host}'`);
    await root.end();
  }
});

describe('GET /wawi/lieferbar/orders', () => {
  it(
    "counts the internal seller's pending orders per shipping type in PostgreSQL; a sub-user reads the same",
    whenUp(
      () => pgUp,
      'PostgreSQL',
      async () => {
        await saveDataSource(staff, pgDetails());
        const res = await getOrders(staff);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.status).toBe('ok');
        expect(body.data.totalCount).toBe(5);
        expect([...body.data.orders].sort(byName)).toEqual([...EXPECTED_ORDERS].sort(byName));
        expect(Date.now() - Date.parse(body.data.readAt)).toBeLessThan(60_000);

        const sub = await createSubUser(t.app, staff, 'Lager');
        const subRes = await getOrders(sub);
        expect(subRes.statusCode).toBe(200);
        expect(subRes.json().data).toEqual(body.data);
        // The counts only: nothing of the connection reaches the sub-user.
        for (const secret of ['127.0.0.1', PG_DB, 'postgres', 'pg-trust-any', 'host', 'password']) {
          expect(subRes.body).not.toContain(secret);
        }
        // …and the sub-user still cannot read the connection itself.
        const ds = await t.app.inject({ method: 'GET', url: '/api/user/ds', headers: sub.headers });
        expect(ds.statusCode).toBe(404);
      },
    ),
  );

  it(
    'answers from the 30 s cache for repeated calls, and reads afresh once the connection is saved again',
    whenUp(
      () => pgUp,
      'PostgreSQL',
      async () => {
        await saveDataSource(staff, pgDetails());
        const first = (await getOrders(staff)).json().data;
        const c = await pgAdmin(PG_DB);
        await c.query('INSERT INTO verkauf.tAuftrag VALUES (100, 2, 1, 0, 0, NULL)');
        try {
          const calls = await Promise.all([getOrders(staff), getOrders(staff), getOrders(staff)]);
          for (const call of calls) expect(call.json().data).toEqual(first);

          await saveDataSource(staff, pgDetails()); // a new version of the connection
          const fresh = (await getOrders(staff)).json().data;
          expect(fresh.totalCount).toBe(first.totalCount + 1);
          expect(
            fresh.orders.find((o: { shippingType: string }) => o.shippingType === 'DPD Classic').pendingCount,
          ).toBe(2);
        } finally {
          await c.query('DELETE FROM verkauf.tAuftrag WHERE kAuftrag = 100');
          await c.end();
        }
      },
    ),
  );

  it(
    'counts the same orders in MariaDB',
    whenUp(
      () => myUp,
      'MariaDB',
      async () => {
        const seller = await account(staffEmail.replace('staff-', 'staff-my-'));
        // Staff (the card's audience) or a lieferbar license: this second account has neither.
        await saveDataSource(seller, myDetails);
        expect((await getOrders(seller)).statusCode).toBe(403);

        await saveDataSource(staff, myDetails);
        const res = await getOrders(staff);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.totalCount).toBe(5);
        expect([...res.json().data.orders].sort(byName)).toEqual([...EXPECTED_ORDERS].sort(byName));
      },
    ),
  );

  it(
    'explains a database without JTL-Wawi tables',
    whenUp(
      () => pgUp,
      'PostgreSQL',
      async () => {
        await saveDataSource(staff, pgDetails(PG_EMPTY_DB));
        const res = await getOrders(staff);
        expect(res.statusCode).toBe(502);
        expect(res.json().slug).toBe('wawi-tables-missing');
      },
    ),
  );

  it(
    'explains a MariaDB database without JTL-Wawi tables',
    whenUp(
      () => myUp,
      'MariaDB',
      async () => {
        await saveDataSource(staff, { ...myDetails, database: `${MY_DB}_empty` });
        const res = await getOrders(staff);
        expect(res.statusCode).toBe(502);
        expect(res.json().slug).toBe('wawi-tables-missing');
        expect(res.body).not.toContain(MY_PASSWORD);
      },
    ),
  );

  it('refuses a seller the card is not meant for and who holds no lieferbar license, with 403 license-required', async () => {
    const seller = await account();
    await storeDataSource(seller, { engine: 'postgres', host: '127.0.0.1', port: 5432 });
    const res = await getOrders(seller);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      slug: 'license-required',
      message: 'You need a valid license to access this feature. Please purchase a license for lieferbar.',
    });
  });

  it('answers 404 data-source-not-found without a saved connection (also to a sub-user), and 401 without a token', async () => {
    const sub = await createSubUser(t.app, staff);
    await t.app.db.delete(dataSources);
    for (const user of [staff, sub]) {
      const res = await getOrders(user);
      expect(res.statusCode).toBe(404);
      expect(res.json().slug).toBe('data-source-not-found');
    }
    expect((await getOrders(null)).statusCode).toBe(401);
  });

  it(
    'speaks TDS (SQL Server, JTL-Wawi) through tedious: against the MariaDB port it fails readably and in time',
    whenUp(
      () => myUp,
      'MariaDB',
      async () => {
        await storeDataSource(staff, { engine: 'mssql', host: '127.0.0.1', port: 3306 });
        const started = Date.now();
        const res = await getOrders(staff);
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toMatch(/^The order database (could not be read|did not answer)/);
        expect(res.body).not.toContain('secret-pw-123');
        expect(Date.now() - started).toBeLessThan(8000);
      },
    ),
  );

  it('reports a closed port at once (db-port-closed)', async () => {
    await storeDataSource(staff, { engine: 'postgres', host: '127.0.0.1', port: 1 });
    const res = await getOrders(staff);
    expect(res.statusCode).toBe(502);
    expect(res.json().slug).toBe('db-port-closed');
    expect(res.body).not.toContain('secret-pw-123');
  });

  it('gives up after 5 s on a server that accepts but never answers, and on an unreachable host', async () => {
    const silent = net.createServer(() => undefined); // accepts the connection, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as net.AddressInfo).port;
      await storeDataSource(staff, { engine: 'mysql', host: '127.0.0.1', port });
      let started = Date.now();
      let res = await getOrders(staff);
      expect(res.statusCode).toBe(502);
      expect(res.json().slug).toBe('db-port-filtered');
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
      expect(Date.now() - started).toBeLessThan(8000);

      await storeDataSource(staff, { engine: 'postgres', host: '203.0.113.1', port: 5432 }); // TEST-NET-3
      started = Date.now();
      res = await getOrders(staff);
      expect(res.statusCode).toBe(502);
      // Depending on the network the connection times out or is cut at once; either way a clear slug, never a 500.
      expect(['db-port-filtered', 'db-port-closed', 'connection-test-failed']).toContain(res.json().slug);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      silent.close();
    }
  }, 30_000);
});
