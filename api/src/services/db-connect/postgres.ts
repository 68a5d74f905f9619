import { Client, type ClientConfig } from 'pg';
import { CONNECT_TIMEOUT_MS, type ConnectTarget, type EngineDriver } from './types';

/** pg settings of one connection (the pool adds its limits). */
export function pgConfig(t: ConnectTarget, ssl: boolean): ClientConfig {
  return {
    host: t.address,
    port: t.port,
    user: t.user,
    password: t.password,
    database: t.database,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
    statement_timeout: CONNECT_TIMEOUT_MS,
    // Managed servers usually demand TLS; their certificates are rarely issued for the address we connect to.
    ssl: ssl ? { rejectUnauthorized: false, servername: t.hostname } : false,
  };
}

/** "no pg_hba.conf entry … no encryption" / "SSL required": the server wants TLS (try once more over TLS). */
export const needsTls = (err: unknown) => /no encryption|ssl/i.test((err as Error).message);

async function withClient<T>(t: ConnectTarget, run: (c: Client) => Promise<T>): Promise<T> {
  let client = new Client(pgConfig(t, false));
  try {
    await client.connect();
  } catch (err) {
    if (!needsTls(err)) throw err;
    await client.end().catch(() => undefined);
    client = new Client(pgConfig(t, true));
    await client.connect();
  }
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL through pg. */
export const postgresDriver: EngineDriver = {
  test: (t) => withClient(t, async (c) => void (await c.query('SELECT 1'))),
  listSchemas: (t) =>
    withClient(t, async (c) => {
      const res = await c.query<{ name: string }>(
        'SELECT datname AS name FROM pg_database WHERE datallowconn AND NOT datistemplate ORDER BY datname',
      );
      return res.rows.map((r) => r.name);
    }),
};
