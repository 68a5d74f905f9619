import net from 'node:net';
import { Connection, Request, type ConnectionConfiguration } from 'tedious';
import { CONNECT_TIMEOUT_MS, type ConnectTarget, type EngineDriver } from './types';

/**
 * tedious settings for a JTL-Wawi SQL Server: the checked address as server, TLS with the server's
 * (usually self-signed) certificate trusted, and a named instance (`host\JTLWAWI`) instead of a port.
 */
export function buildTediousConfig(t: ConnectTarget): ConnectionConfiguration {
  return {
    server: t.address,
    authentication: { type: 'default', options: { userName: t.user, password: t.password } },
    options: {
      ...(t.instanceName ? { instanceName: t.instanceName } : { port: t.port }),
      database: t.database,
      encrypt: true,
      trustServerCertificate: true,
      ...(net.isIP(t.hostname) ? {} : { serverName: t.hostname }),
      connectTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: CONNECT_TIMEOUT_MS,
      rowCollectionOnRequestCompletion: true,
      useColumnNames: false,
    },
  };
}

/** 'shop.example.com\JTLWAWI' → host and instance name. */
export function splitInstance(host: string): { host: string; instanceName?: string } {
  const i = host.indexOf('\\');
  if (i < 0) return { host };
  return { host: host.slice(0, i), instanceName: host.slice(i + 1) || undefined };
}

/** An open connection to the checked address (late socket errors after a failed connect are ignored). */
export function connectMssql(t: ConnectTarget): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const conn = new Connection(buildTediousConfig(t));
    conn.on('error', () => undefined);
    conn.connect((err) => {
      if (err) {
        conn.close();
        reject(err);
      } else resolve(conn);
    });
  });
}

/** The rows of `sql`, column name → value. */
export function queryMssql(conn: Connection, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const request = new Request(sql, (err, _count, rows) => {
      if (err) reject(err);
      else
        resolve(
          ((rows ?? []) as { value: unknown; metadata: { colName: string } }[][]).map((cols) =>
            Object.fromEntries(cols.map((c) => [c.metadata.colName, c.value])),
          ),
        );
    });
    conn.execSql(request);
  });
}

async function withConnection<T>(t: ConnectTarget, run: (c: Connection) => Promise<T>): Promise<T> {
  const conn = await connectMssql(t);
  try {
    return await run(conn);
  } finally {
    conn.close();
  }
}

/** Microsoft SQL Server (JTL-Wawi) through tedious. */
export const mssqlDriver: EngineDriver = {
  test: (t) => withConnection(t, async (c) => void (await queryMssql(c, 'SELECT 1'))),
  listSchemas: (t) =>
    withConnection(t, async (c) => {
      const rows = await queryMssql(
        c,
        "SELECT name FROM sys.databases WHERE name NOT IN ('master','tempdb','model','msdb') ORDER BY name",
      );
      return rows.map((r) => String(r.name));
    }),
};
