// Applying drizzle's migrations (api/drizzle) and checking how far a database is. `npm run migrate` applies them as
// a release step of its own; the api applies them at start only outside production (config `migrateOnStart`), and
// otherwise refuses a schema older than the code.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { API_ROOT } from '../lib/api-root';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** Where drizzle records applied migrations (its defaults, on PostgreSQL and PGlite alike). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/**
 * Key of the PostgreSQL advisory lock that migration runs take: concurrent runs (a deploy's migrate step started
 * twice, api instances migrating at start in development) wait for each other, and the later one finds nothing left.
 */
const MIGRATION_LOCK_SQL = `hashtext('portal-api-migrations')`;

export interface JournalEntry {
  idx: number;
  tag: string;
  /** drizzle's `folderMillis`: recorded as `created_at` when the migration is applied. */
  when: number;
}

/** The migrations this code knows, in order (drizzle's meta/_journal.json). */
export function readJournal(folder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/** Runs one statement and returns its rows (pg's Client and PGlite both fit). */
export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface SchemaState {
  /** The last migration of the journal the database has (null: none, an empty database). */
  applied: JournalEntry | null;
  /** The last migration of the journal: what this code needs. */
  needed: JournalEntry | null;
  /** Journal migrations the database lacks. */
  missing: JournalEntry[];
  /** The database has a migration newer than any this code knows (a newer release migrated it). */
  newer: boolean;
}

/**
 * How far the database is, compared with the journal. drizzle applies a migration when its `when` is later than
 * the newest `created_at` recorded, so that newest value alone says which journal entries the database has.
 */
export async function schemaState(query: Query, folder = MIGRATIONS_DIR): Promise<SchemaState> {
  const journal = readJournal(folder);
  const exists = await query(`select to_regclass('${MIGRATIONS_TABLE}') is not null as present`);
  let newest: number | null = null;
  if (exists.rows[0]?.present) {
    const rows = await query(`select max(created_at)::text as newest from ${MIGRATIONS_TABLE}`);
    const value = rows.rows[0]?.newest;
    newest = value === null || value === undefined ? null : Number(value);
  }
  const has = (entry: JournalEntry) => newest !== null && entry.when <= newest;
  const applied = journal.filter(has).at(-1) ?? null;
  const needed = journal.at(-1) ?? null;
  return {
    applied,
    needed,
    missing: journal.filter((entry) => !has(entry)),
    newer: newest !== null && (needed === null || newest > needed.when),
  };
}

const describe = (entry: JournalEntry) => `${entry.idx} (${entry.tag})`;

/** One line on the schema state: what `npm run migrate` prints. */
export function describeState(state: SchemaState): string {
  if (!state.applied) return 'the database has no migrations applied';
  const newer = state.newer ? ', and a newer one this code does not know' : '';
  return `the database schema is at migration ${describe(state.applied)}${newer}`;
}

export class SchemaBehindError extends Error {
  constructor(state: SchemaState) {
    const at = state.applied
      ? `the database schema is at migration ${describe(state.applied)}`
      : 'the database has no migrations applied (empty database)';
    super(`${at}, this api needs ${describe(state.needed!)}: run \`npm run migrate\` first`);
    this.name = 'SchemaBehindError';
  }
}

/**
 * Throws SchemaBehindError when the database lacks a migration of this code. A newer schema passes: during a
 * rolling deploy the old instances keep serving after the new release's (expand-only) migration ran.
 */
export async function assertSchemaCurrent(query: Query, folder = MIGRATIONS_DIR): Promise<SchemaState> {
  const state = await schemaState(query, folder);
  if (state.missing.length > 0) throw new SchemaBehindError(state);
  return state;
}

const newlyApplied = (before: SchemaState, after: SchemaState) =>
  before.missing.filter((m) => !after.missing.some((left) => left.tag === m.tag));

export interface MigrationRun {
  /** Migrations this run applied, in order (empty: the database was current). */
  applied: JournalEntry[];
  /** The state afterwards. */
  state: SchemaState;
  /** The run waited for another one's lock (PostgreSQL). */
  waited: boolean;
}

/**
 * Applies the missing migrations to PostgreSQL on one dedicated connection that first takes the migration
 * advisory lock: a second run waits, then finds the migrations applied. The lock goes with the connection.
 */
export async function migratePostgres(
  databaseUrl: string,
  options: { folder?: string; onWait?: () => void } = {},
): Promise<MigrationRun> {
  const folder = options.folder ?? MIGRATIONS_DIR;
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const query: Query = (text) => client.query(text);
    let waited = false;
    const free = await client.query(`select pg_try_advisory_lock(${MIGRATION_LOCK_SQL}) as locked`);
    if (!free.rows[0].locked) {
      waited = true;
      options.onWait?.();
      await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_SQL})`);
    }
    const before = await schemaState(query, folder);
    // drizzle on a single Client: its statements and its transaction all run on this locked connection.
    await migrate(drizzle(client), { migrationsFolder: folder });
    const state = await schemaState(query, folder);
    await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_SQL})`);
    return { applied: newlyApplied(before, state), state, waited };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Applies the missing migrations to an open PGlite (one process owns its data dir: no lock needed). */
export async function migratePglite(pg: PGlite, folder = MIGRATIONS_DIR): Promise<MigrationRun> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const query: Query = (text) => pg.query<Record<string, unknown>>(text);
  const before = await schemaState(query, folder);
  await migrate(drizzle(pg), { migrationsFolder: folder });
  const state = await schemaState(query, folder);
  return { applied: newlyApplied(before, state), state, waited: false };
}
