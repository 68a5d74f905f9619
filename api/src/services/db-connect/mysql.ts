import mysql from 'mysql2/promise';
import { CONNECT_TIMEOUT_MS, type ConnectTarget, type EngineDriver } from './types';

const SYSTEM_SCHEMAS = new Set(['information_schema', 'performance_schema', 'mysql', 'sys']);

/** mysql2 settings of one connection (the pool adds its limits). */
export const mysqlOptions = (t: ConnectTarget) => ({
  host: t.address,
  port: t.port,
  user: t.user,
  password: t.password,
  database: t.database,
  connectTimeout: CONNECT_TIMEOUT_MS,
  multipleStatements: false,
});

async function withConnection<T>(t: ConnectTarget, run: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const conn = await mysql.createConnection(mysqlOptions(t));
  try {
    return await run(conn);
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
}

/** MySQL / MariaDB through mysql2. */
export const mysqlDriver: EngineDriver = {
  test: (t) => withConnection(t, async (c) => void (await c.query({ sql: 'SELECT 1', timeout: CONNECT_TIMEOUT_MS }))),
  listSchemas: (t) =>
    withConnection(t, async (c) => {
      const [rows] = await c.query({ sql: 'SHOW DATABASES', timeout: CONNECT_TIMEOUT_MS });
      return (rows as Record<string, unknown>[])
        .map((r) => String(Object.values(r)[0]))
        .filter((name) => !SYSTEM_SCHEMAS.has(name.toLowerCase()))
        .sort();
    }),
};
