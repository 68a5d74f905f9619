import mysql from 'mysql2/promise';
import { Pool as PgPool, type PoolConfig } from 'pg';
import type { Connection } from 'tedious';
import { resolveTarget, type Lookup } from './address-guard';
import { connectMssql, queryMssql } from './mssql';
import { mysqlOptions } from './mysql';
import { needsTls, pgConfig } from './postgres';
import { CONNECT_TIMEOUT_MS, type ConnectionDetails, type ConnectTarget } from './types';

/** A row as the driver returns it, column name → value. */
export type Row = Record<string, unknown>;

/** Open connections to one data source, reused between requests. */
interface EnginePool {
  query(sql: string): Promise<Row[]>;
  close(): Promise<void>;
}

/** Connections per data source: enough for a few parallel reads, never a burden on the seller's server. */
const MAX_CONNECTIONS = 2;
/** Idle connections close after a minute; an idle pool goes after five. */
const IDLE_CONNECTION_MS = 60_000;
const IDLE_POOL_MS = 5 * 60_000;

function postgresPool(t: ConnectTarget): EnginePool {
  const config = (ssl: boolean): PoolConfig => ({
    ...pgConfig(t, ssl),
    max: MAX_CONNECTIONS,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
  });
  let pool = new PgPool(config(false));
  pool.on('error', () => undefined); // an idle client lost its socket: the pool replaces it
  let triedTls = false;
  return {
    async query(sql) {
      try {
        return (await pool.query(sql)).rows as Row[];
      } catch (err) {
        // The server demands TLS: switch the pool to TLS once.
        if (triedTls || !needsTls(err)) throw err;
        triedTls = true;
        await pool.end().catch(() => undefined);
        pool = new PgPool(config(true));
        pool.on('error', () => undefined);
        return (await pool.query(sql)).rows as Row[];
      }
    },
    close: () => pool.end().catch(() => undefined),
  };
}

function mysqlPool(t: ConnectTarget): EnginePool {
  const pool = mysql.createPool({
    ...mysqlOptions(t),
    connectionLimit: MAX_CONNECTIONS,
    maxIdle: MAX_CONNECTIONS,
    idleTimeout: IDLE_CONNECTION_MS,
  });
  return {
    async query(sql) {
      const [rows] = await pool.query({ sql, timeout: CONNECT_TIMEOUT_MS });
      return rows as Row[];
    },
    close: () => pool.end().catch(() => undefined),
  };
}

/** tedious has no pool: one connection per data source, kept open, requests one after the other. */
function mssqlPool(t: ConnectTarget): EnginePool {
  let connection: Promise<Connection> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const open = () =>
    connectMssql(t).then((conn) => {
      conn.on('error', () => (connection = null));
      conn.on('end', () => (connection = null));
      return conn;
    });

  const run = async (sql: string): Promise<Row[]> => {
    connection ??= open();
    const current = connection;
    let conn: Connection;
    try {
      conn = await current;
    } catch (err) {
      if (connection === current) connection = null;
      throw err;
    }
    return queryMssql(conn, sql);
  };

  return {
    query(sql) {
      const result = queue.then(() => run(sql));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      const current = connection;
      connection = null;
      if (current) (await current.catch(() => null))?.close();
    },
  };
}

const ENGINE_POOLS = { postgres: postgresPool, mysql: mysqlPool, mssql: mssqlPool } as const;

export interface DataSourcePoolOptions {
  /** DS_ALLOWED_HOSTS. */
  allowList: readonly string[];
  lookup?: Lookup;
  /** Limit for one query including connecting; default 5 s. */
  timeoutMs?: number;
  /** Pools kept at most; the least recently used one closes first. */
  maxPools?: number;
  now?: () => number;
}

interface PoolEntry {
  version: string;
  pool: Promise<EnginePool>;
  lastUsed: number;
}

export class QueryTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${Math.round(ms / 1000)} seconds`);
    this.name = 'QueryTimeoutError';
  }
}

/** `promise`, or a QueryTimeoutError once `ms` have passed. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueryTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connection pools to sellers' own databases, one per data source. `version` (e.g. the row's update time) tells a
 * changed connection from the pooled one: the old pool is closed and a new one opened. The host goes through the
 * SSRF guard once per pool; the pool connects to the checked address only. A failed connection drops its pool, so
 * the next request resolves and connects afresh.
 */
export function createDataSourcePools(options: DataSourcePoolOptions) {
  const pools = new Map<string, PoolEntry>();
  const timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
  const maxPools = options.maxPools ?? 100;
  const now = options.now ?? Date.now;

  async function openPool(details: ConnectionDetails): Promise<EnginePool> {
    return ENGINE_POOLS[details.engine](await resolveTarget(details, options.allowList, options.lookup));
  }

  function drop(key: string, entry: PoolEntry) {
    if (pools.get(key) === entry) pools.delete(key);
    void entry.pool.then((p) => p.close()).catch(() => undefined);
  }

  function sweep() {
    const t = now();
    for (const [key, entry] of pools) if (t - entry.lastUsed > IDLE_POOL_MS) drop(key, entry);
    while (pools.size >= maxPools) {
      const [oldestKey, oldest] = [...pools].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
      drop(oldestKey, oldest);
    }
  }

  function entryFor(key: string, version: string, details: ConnectionDetails): PoolEntry {
    const existing = pools.get(key);
    if (existing && existing.version === version) {
      existing.lastUsed = now();
      return existing;
    }
    if (existing) drop(key, existing);
    sweep();
    const entry: PoolEntry = { version, pool: openPool(details), lastUsed: now() };
    entry.pool.catch(() => drop(key, entry));
    pools.set(key, entry);
    return entry;
  }

  return {
    /** Runs `sql` on the data source `key`; rejects with the driver's error or a QueryTimeoutError. */
    async query(key: string, version: string, details: ConnectionDetails, sql: string): Promise<Row[]> {
      const entry = entryFor(key, version, details);
      try {
        return await withTimeout(
          entry.pool.then((p) => p.query(sql)),
          timeoutMs,
        );
      } catch (err) {
        // Connection trouble (not an SQL error of a working connection): start over next time.
        if (!isSqlError(err)) drop(key, entry);
        throw err;
      }
    },
    /** Pools currently open (for tests and health output). */
    get size() {
      return pools.size;
    },
    async closeAll(): Promise<void> {
      const entries = [...pools.values()];
      pools.clear();
      await Promise.all(entries.map((e) => e.pool.then((p) => p.close()).catch(() => undefined)));
    },
  };
}

export type DataSourcePools = ReturnType<typeof createDataSourcePools>;

/** An error the database server raised for a statement (the connection itself works). */
export function isSqlError(err: unknown): boolean {
  const e = err as { code?: unknown; sqlState?: unknown; number?: unknown; severity?: unknown };
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && /\d/.test(e.code) && !/^08/.test(e.code))
    return true; // pg: SQLSTATE (class 08 = connection exception)
  if (typeof e?.sqlState === 'string' && !/^08/.test(e.sqlState)) return true; // mysql2
  return typeof e?.number === 'number' && e.number > 0; // tedious RequestError from the server
}
