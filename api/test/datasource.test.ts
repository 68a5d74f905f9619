import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { dataSources } from '../src/db/schema';
import { createSubUser, createTestApp, registerUser, type TestApp, type TestIdentity } from './helpers';

// Real servers of the dev machine: MariaDB (root, no password) and PostgreSQL (postgres, trust), database `test`.
const MYSQL_USER = 'portal_ds_test';
const MYSQL_PASSWORD = 'ds-Secret-4711';
const mysqlDetails = {
  engine: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'test',
  user: MYSQL_USER,
  password: MYSQL_PASSWORD,
};
const pgDetails = {
  engine: 'postgres',
  host: '127.0.0.1',
  port: 5432,
  database: 'test',
  user: 'postgres',
  password: 'pg-Secret-0815',
};

let t: TestApp; // DS_ALLOWED_HOSTS=127.0.0.1 and the documentation address 203.0.113.1 (never answers)
let strict: TestApp; // no allowlist
let mysqlUp = false;
let pgUp = false;

async function prepareMysql(): Promise<boolean> {
  try {
    const root = await mysql.createConnection({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: '',
      connectTimeout: 3000,
    });
    // A login with a password: the shared form rules require one, and wrong passwords must fail.
    for (const host of ['%', 'localhost', '127.0.0.1']) {
      await root.query(`CREATE USER IF NOT EXISTS '${MYSQL_USER}'@'${host}' IDENTIFIED BY '${MYSQL_PASSWORD}'`);
      await root.query(`ALTER USER '${MYSQL_USER}'@'${host}' IDENTIFIED BY '${MYSQL_PASSWORD}'`);
      await root.query(`GRANT ALL PRIVILEGES ON test.* TO '${MYSQL_USER}'@'${host}'`);
    }
    await root.end();
    return true;
  } catch (err) {
    console.warn(
      `MariaDB at 127.0.0.1:3306 does not answer (${(err as Error).message}); the MySQL connection tests are skipped.`,
    );
    return false;
  }
}

async function probePg(): Promise<boolean> {
  const c = new Client({
    host: '127.0.0.1',
    port: 5432,
    user: 'postgres',
    database: 'test',
    connectionTimeoutMillis: 3000,
  });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch (err) {
    console.warn(
      `PostgreSQL at 127.0.0.1:5432 does not answer (${(err as Error).message}); the PostgreSQL connection tests are skipped.`,
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

beforeAll(async () => {
  [t, strict, mysqlUp, pgUp] = await Promise.all([
    createTestApp({ DS_ALLOWED_HOSTS: '127.0.0.1,203.0.113.1' }),
    createTestApp(),
    prepareMysql(),
    probePg(),
  ]);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await strict?.close();
});

const url = '/api/user/ds';
const post = (app: TestApp, path: string, user: TestIdentity | null, payload?: object) =>
  app.app.inject({ method: 'POST', url: `${url}${path}`, headers: user?.headers, payload });

describe('POST /user/ds/test', () => {
  it(
    'connects to MariaDB with the right password and fails readably with a wrong one',
    whenUp(
      () => mysqlUp,
      'MariaDB',
      async () => {
        const a = await registerUser(t.app);
        const ok = await post(t, '/test', a, mysqlDetails);
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ ok: true, message: 'Connection test succeeded' });

        const wrong = await post(t, '/test', a, { ...mysqlDetails, password: 'not-the-password' });
        expect(wrong.statusCode).toBe(422);
        expect(wrong.json().slug).toBe('db-login-rejected');
        expect(wrong.json().message).toMatch(/^Connection test failed: .*Access denied/);
        expect(wrong.body).not.toContain('not-the-password');

        const noDb = await post(t, '/test', a, { ...mysqlDetails, database: 'no_such_db_xyz' });
        expect(noDb.json().slug).toBe('db-database-missing');
      },
    ),
  );

  it(
    'connects to PostgreSQL and reports an unknown database and a rejected login',
    whenUp(
      () => pgUp,
      'PostgreSQL',
      async () => {
        const a = await registerUser(t.app);
        const ok = await post(t, '/test', a, pgDetails);
        expect(ok.statusCode).toBe(200);
        const missing = await post(t, '/test', a, { ...pgDetails, database: 'no_such_db_xyz' });
        expect(missing.statusCode).toBe(422);
        expect(missing.json()).toEqual({
          slug: 'db-database-missing',
          message: 'Connection test failed: database "no_such_db_xyz" does not exist',
        });
        const wrongUser = await post(t, '/test', a, { ...pgDetails, user: 'no_such_role_xyz', password: 'nope-nope' });
        expect(wrongUser.statusCode).toBe(422);
        expect(wrongUser.json().slug).toBe('db-login-rejected');
      },
    ),
  );

  it('reports a closed port as a failed test within the timeout', async () => {
    const a = await registerUser(t.app);
    const res = await post(t, '/test', a, { ...mysqlDetails, port: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().slug).toBe('db-port-closed');
    expect(res.json().message).toMatch(/ECONNREFUSED/);
  });

  it('gives up after about 5 s on a host that never answers (TEST-NET address)', async () => {
    const a = await registerUser(t.app);
    const started = Date.now();
    const res = await post(t, '/test', a, { ...mysqlDetails, host: '203.0.113.1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().slug).toBe('db-port-filtered');
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('reports a host name that does not resolve', async () => {
    const a = await registerUser(t.app);
    const res = await post(t, '/test', a, { ...mysqlDetails, host: 'no-such-host.invalid' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      slug: 'db-host-not-found',
      message: 'Connection test failed: Host "no-such-host.invalid" could not be resolved',
    });
  });

  it(
    'speaks TDS through tedious for SQL Server (here against the MariaDB port, which must fail readably)',
    whenUp(
      () => mysqlUp,
      'MariaDB',
      async () => {
        const a = await registerUser(t.app);
        const res = await post(t, '/test', a, { ...mysqlDetails, engine: undefined });
        expect(res.statusCode).toBe(422);
        expect(res.json().slug).toBe('connection-test-failed');
        expect(res.json().message).toMatch(/^Connection test failed: /);
        expect(res.body).not.toContain(MYSQL_PASSWORD);
      },
    ),
  );

  it('refuses private, loopback and metadata addresses unless DS_ALLOWED_HOSTS permits them', async () => {
    const a = await registerUser(strict.app);
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.10', '169.254.169.254', '0.0.0.0', '::1']) {
      const res = await post(strict, '/test', a, { ...mysqlDetails, host });
      expect(res.statusCode).toBe(400);
      expect(res.json().slug).toBe('address-not-allowed');
    }
    // The allowlisted app still refuses what is not on its list.
    const b = await registerUser(t.app);
    const res = await post(t, '/test', b, { ...mysqlDetails, host: '10.1.2.3' });
    expect(res.json().slug).toBe('address-not-allowed');
  });

  it('needs a verified email', async () => {
    const u = await registerUser(t.app, { emailVerified: false });
    const res = await post(t, '/test', u, mysqlDetails);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      slug: 'email-not-verified',
      message: 'Email address is not verified. Please verify your email before testing the connection.',
    });
  });

  it('answers missing details and bad values with 400', async () => {
    const a = await registerUser(t.app);
    for (const payload of [
      {},
      { ...mysqlDetails, host: ' ' },
      { ...mysqlDetails, password: '' },
      { ...mysqlDetails, user: undefined },
    ]) {
      const res = await post(t, '/test', a, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        slug: 'connection-details-missing',
        message: 'Database connection details are missing',
      });
    }
    // The fields that are missing are named, so the form can mark them.
    const noUser = await post(t, '/test', a, { ...mysqlDetails, user: ' ' });
    expect(noUser.json().fields).toEqual({ user: 'validation_user_required' });
    const port = await post(t, '/test', a, { ...mysqlDetails, port: 70000 });
    expect(port.json()).toEqual({
      slug: 'validation-error',
      message: 'Port must be a whole number between 0 and 65535',
      fields: { port: 'validation_port_invalid' },
    });
    const engine = await post(t, '/test', a, { ...mysqlDetails, engine: 'oracle' });
    expect(engine.statusCode).toBe(400);
    expect(engine.json()).toEqual({
      slug: 'validation-error',
      message: 'engine must be mssql, mysql or postgres',
      fields: { engine: 'validation_engine_invalid' },
    });
    const host = await post(t, '/test', a, { ...mysqlDetails, host: 'user@evil.example/x' });
    expect(host.json()).toEqual({
      slug: 'validation-error',
      message: 'Host must be a host name or an IP address',
      fields: { host: 'validation_host_invalid' },
    });
    const instance = await post(t, '/test', a, { ...mysqlDetails, host: 'shop.example\\WAWI' });
    expect(instance.json()).toEqual({
      slug: 'validation-error',
      message: 'An instance name (host\\INSTANCE) is only possible for SQL Server',
      fields: { host: 'validation_host_instance' },
    });
  });

  it('is refused for anonymous callers and sub-users', async () => {
    expect((await post(t, '/test', null, mysqlDetails)).statusCode).toBe(401);
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    const res = await post(t, '/test', sub, mysqlDetails);
    expect(res.statusCode).toBe(403);
    expect(res.json().slug).toBe('forbidden-for-subuser');
  });
});

describe('saving the data source', () => {
  it(
    'tests, then saves with the password encrypted and never returned; PUT keeps the stored password',
    whenUp(
      () => mysqlUp,
      'MariaDB',
      async () => {
        const a = await registerUser(t.app);
        expect((await t.app.inject({ url, headers: a.headers })).json().slug).toBe('data-source-not-found');

        const created = await post(t, '', a, mysqlDetails);
        expect(created.statusCode).toBe(201);
        expect(created.json()).toEqual({
          host: '127.0.0.1',
          port: 3306,
          database: 'test',
          user: MYSQL_USER,
          engine: 'mysql',
          userEmails: [a.email],
          status: 'active',
        });
        expect(created.body).not.toContain(MYSQL_PASSWORD);

        const [row] = await t.app.db.select().from(dataSources).where(eq(dataSources.userId, a.uid));
        expect(row.passwordEncrypted).toMatch(/^v1:/);
        expect(row.passwordEncrypted).not.toContain(MYSQL_PASSWORD);
        expect(t.app.crypto.decrypt(row.passwordEncrypted)).toBe(MYSQL_PASSWORD);

        const got = await t.app.inject({ url: `${url}?email=${encodeURIComponent(a.email)}`, headers: a.headers });
        expect(got.statusCode).toBe(200);
        expect(got.json()).toEqual(created.json());
        expect(got.body).not.toContain(MYSQL_PASSWORD);
        expect(got.body).not.toContain('password');

        // PUT without a password: the stored one is decrypted for the test and kept.
        const put = await t.app.inject({
          method: 'PUT',
          url,
          headers: a.headers,
          payload: { ...mysqlDetails, password: undefined, userEmails: ['ops@shop.example'] },
        });
        expect(put.statusCode).toBe(200);
        expect(put.json().userEmails).toEqual(['ops@shop.example']);
        const [after] = await t.app.db.select().from(dataSources).where(eq(dataSources.userId, a.uid));
        expect(t.app.crypto.decrypt(after.passwordEncrypted)).toBe(MYSQL_PASSWORD);

        // The saved password is kept for a test and a POST save with an empty password field too.
        const retest = await post(t, '/test', a, { ...mysqlDetails, password: '' });
        expect(retest.statusCode).toBe(200);
        const resave = await post(t, '', a, { ...mysqlDetails, password: '' });
        expect(resave.statusCode).toBe(200);
        const [kept] = await t.app.db.select().from(dataSources).where(eq(dataSources.userId, a.uid));
        expect(t.app.crypto.decrypt(kept.passwordEncrypted)).toBe(MYSQL_PASSWORD);

        // Another seller never gets this password: without a stored connection of their own, details are missing.
        const other = await registerUser(t.app);
        const foreign = await post(t, '/test', other, { ...mysqlDetails, password: '' });
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json()).toMatchObject({
          slug: 'connection-details-missing',
          fields: { password: 'validation_password_required' },
        });

        // A failing test saves nothing.
        const bad = await t.app.inject({
          method: 'PUT',
          url,
          headers: a.headers,
          payload: { ...mysqlDetails, password: 'wrong-one', database: 'other' },
        });
        expect(bad.statusCode).toBe(422);
        const [unchanged] = await t.app.db.select().from(dataSources).where(eq(dataSources.userId, a.uid));
        expect(unchanged.database).toBe('test');
        expect(t.app.crypto.decrypt(unchanged.passwordEncrypted)).toBe(MYSQL_PASSWORD);

        const schemas = await post(t, '/schemas', a, {});
        expect(schemas.statusCode).toBe(200);
        expect(schemas.json().schemas).toContain('test');
        expect(schemas.json().schemas).not.toContain('mysql');

        const del = await post(t, '/delete', a);
        expect(del.statusCode).toBe(204);
        expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(404);
        expect((await post(t, '/delete', a)).statusCode).toBe(404);
      },
    ),
  );

  it(
    'saves a PostgreSQL connection and lists its databases',
    whenUp(
      () => pgUp,
      'PostgreSQL',
      async () => {
        const a = await registerUser(t.app);
        const res = await post(t, '', a, pgDetails);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ engine: 'postgres', port: 5432, status: 'active' });
        const schemas = await post(t, '/schemas', a, pgDetails);
        expect(schemas.json().schemas).toEqual(expect.arrayContaining(['postgres', 'test']));
        expect(schemas.json().schemas).not.toContain('template0');
      },
    ),
  );

  it('does not save when the test fails, and PUT needs an existing data source', async () => {
    const a = await registerUser(t.app);
    const res = await post(t, '', a, { ...mysqlDetails, port: 1 });
    expect(res.statusCode).toBe(422);
    expect(await t.app.db.select().from(dataSources).where(eq(dataSources.userId, a.uid))).toHaveLength(0);
    const put = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: mysqlDetails });
    expect(put.statusCode).toBe(404);
    expect(put.json().slug).toBe('data-source-not-found');
  });

  it(
    'keeps every user to their own data source',
    whenUp(
      () => mysqlUp,
      'MariaDB',
      async () => {
        const a = await registerUser(t.app);
        const b = await registerUser(t.app);
        expect((await post(t, '', a, mysqlDetails)).statusCode).toBe(201);
        const other = await t.app.inject({ url, headers: b.headers });
        expect(other.statusCode).toBe(404);
        const byEmail = await t.app.inject({ url: `${url}?email=${encodeURIComponent(a.email)}`, headers: b.headers });
        expect(byEmail.statusCode).toBe(404);
        expect(byEmail.json()).toEqual({ slug: 'data-source-not-found', message: 'Data source not found' });
        expect(byEmail.body).not.toContain(MYSQL_USER);
        // b's schema call without details has nothing stored to fall back on.
        expect((await post(t, '/schemas', b)).json().slug).toBe('connection-details-missing');
        // b deleting does not touch a's row.
        expect((await post(t, '/delete', b)).statusCode).toBe(404);
        expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(200);
      },
    ),
  );

  it('refuses anonymous callers and sub-users on every route', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', ''],
      ['POST', '/delete'],
      ['POST', '/schemas'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url: `${url}${path}`, payload: method === 'GET' ? undefined : mysqlDetails }))
          .statusCode,
      ).toBe(401);
    }
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    for (const [method, path] of [
      ['POST', ''],
      ['PUT', ''],
      ['POST', '/delete'],
      ['POST', '/schemas'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${url}${path}`, headers: sub.headers, payload: mysqlDetails });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        slug: 'forbidden-for-subuser',
        message: 'Only the parent user can manage the database connection',
      });
    }
    // A sub-user has no own connection: GET answers 404 so the shell's session loading treats it as "none".
    const get = await t.app.inject({ url, headers: sub.headers });
    expect(get.statusCode).toBe(404);
  });
});
