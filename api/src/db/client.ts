import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolStats } from '../lib/metrics';
import { MIGRATIONS_DIR, assertSchemaCurrent, migratePglite, migratePostgres } from './migrations';
import { recordOwner } from './pglite-owner';
import * as schema from './schema';

export { MIGRATIONS_DIR };

export type Schema = typeof schema;
/** The one database type modules code against (PGlite and node-postgres both satisfy it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The connection pool's use right now (PostgreSQL); absent on PGlite, which has one connection and no pool. */
  poolStats?(): PoolStats;
  /**
   * LISTENs on `channel`: on a connection of its own on PostgreSQL, on the one connection of PGlite. Resolves once
   * LISTEN is in effect; `onLost` runs once if that connection breaks (it is closed then: call listen again).
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void): Promise<Listener>;
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * Opens the database (PostgreSQL when a URL is given, else PGlite). With `migrateOnStart` (the default) it applies
 * the missing migrations first; without, it refuses (SchemaBehindError) a database that lacks one of them.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
  /** A PGlite data-dir dump to start from (tests: an already migrated database, skipping initdb). */
  pgliteTemplate?: Blob;
  migrateOnStart?: boolean;
}): Promise<DbHandle> {
  const migrateOnStart = options.migrateOnStart ?? true;
  if (options.databaseUrl) {
    const { Client, Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Under the migration lock, on a connection of its own: instances starting together migrate one at a time.
    if (migrateOnStart) await migratePostgres(options.databaseUrl);
    // Fail fast while PostgreSQL is down (requests answer 503 database-unavailable) instead of queueing for ever.
    const POOL_MAX = 10;
    const pool = new Pool({ connectionString: options.databaseUrl, max: POOL_MAX, connectionTimeoutMillis: 5000 });
    // An idle client whose server went away (PostgreSQL restarted) emits 'error' on the pool; without a listener
    // that would end the process. The pool drops the client and opens a new connection on the next query.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    if (!migrateOnStart) {
      try {
        await assertSchemaCurrent((text) => pool.query(text));
      } catch (err) {
        await pool.end();
        throw err;
      }
    }
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
      listen: async (channel, onNotify, onLost) => {
        const client = new Client({
          connectionString: options.databaseUrl!,
          connectionTimeoutMillis: 5000,
          keepAlive: true,
        });
        let closed = false;
        const lost = (err: Error) => {
          if (closed) return;
          closed = true;
          client.end().catch(() => undefined);
          onLost(err);
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('LISTEN connection ended')));
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
        } catch (err) {
          closed = true;
          await client.end().catch(() => undefined);
          throw err;
        }
        return {
          close: async () => {
            closed = true;
            await client.end().catch(() => undefined);
          },
        };
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = options.pgliteDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const loadDataDir = options.pgliteTemplate;
  const client = inMemory ? new PGlite({ loadDataDir }) : new PGlite(options.pgliteDir, { loadDataDir });
  // The command-line tools (migrate, backup, restore) refuse the data dir while this process has it open.
  const releaseOwner = inMemory ? () => undefined : recordOwner(options.pgliteDir);
  const db = drizzle(client, { schema });
  try {
    if (migrateOnStart) await migratePglite(client);
    else await assertSchemaCurrent((text) => client.query<Record<string, unknown>>(text));
  } catch (err) {
    await client.close();
    releaseOwner();
    throw err;
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      releaseOwner();
    },
    // PGlite delivers a notification before the statement that committed it returns: no connection to lose.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return { close: () => unlisten().catch(() => undefined) };
    },
  };
}
