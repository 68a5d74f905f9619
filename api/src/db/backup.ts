// Backup and restore of the embedded database (PGlite in DATA_DIR/pglite): `npm run backup` writes a plain SQL dump
// (pg_dump's own output, through pglite-tools) that `npm run restore` loads into an empty embedded database and that
// psql loads into a PostgreSQL database (moving from PGlite to PostgreSQL). PostgreSQL itself is backed up with
// pg_dump/pg_restore (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { schemaState, type Query, type SchemaState } from './migrations';
import { inUseMessage, liveOwner } from './pglite-owner';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** What a plain pg_dump file begins with. */
const DUMP_HEADER = '-- PostgreSQL database dump';

/** A PGlite (PostgreSQL) data dir: initdb wrote PG_VERSION. */
const isDataDir = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** Refuses a data dir another live process (the api) has open. */
function assertNotInUse(dir: string): void {
  const pid = liveOwner(dir);
  if (pid !== null) throw new BackupError(inUseMessage(dir, pid));
}

async function openPglite(dir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return new PGlite(dir);
}

const queryOf =
  (pg: PGlite): Query =>
  (text) =>
    pg.query<Record<string, unknown>>(text);

/**
 * pg_dump's output made loadable by older PostgreSQL servers too: PGlite's pg_dump (version 17) sets
 * transaction_timeout, which servers before 17 refuse as an unknown parameter (its default, 0, is what they do).
 */
export function portableDump(text: string): string {
  return text.replace(/^SET transaction_timeout = 0;\n/m, '');
}

/** Tables outside PostgreSQL's own schemas (the api's, and drizzle's record of applied migrations). */
async function tableCount(pg: PGlite): Promise<number> {
  const result = await pg.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return result.rows[0].n;
}

export interface BackupResult {
  file: string;
  bytes: number;
  tables: number;
  state: SchemaState;
}

/** Dumps the PGlite database in `dir` into `file` (written whole or not at all). */
export async function backupPglite(dir: string, file: string): Promise<BackupResult> {
  if (!isDataDir(dir)) throw new BackupError(`there is no embedded database in ${dir}`);
  assertNotInUse(dir);
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const pg = await openPglite(dir);
  let text: string;
  let tables: number;
  let state: SchemaState;
  try {
    tables = await tableCount(pg);
    state = await schemaState(queryOf(pg));
    // No owners or grants: the dump loads as whichever role restores it.
    const dump = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
    text = portableDump(await dump.text());
  } finally {
    await pg.close();
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, text, { mode: 0o600 });
  fs.renameSync(partial, file);
  return { file, bytes: Buffer.byteLength(text), tables, state };
}

export interface RestoreResult {
  /** Where the replaced data dir was moved (with --force on a non-empty database), else null. */
  movedAside: string | null;
  tables: number;
  state: SchemaState;
}

/**
 * Loads the SQL dump `file` into the embedded database in `dir`, in one transaction (a failed load leaves nothing).
 * The database must be empty (or not exist yet); `force` moves a non-empty data dir aside to `<dir>.before-restore-…`
 * and restores into a new one.
 */
export async function restorePglite(
  dir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(DUMP_HEADER)) throw new BackupError(`${file} is not a plain SQL dump of pg_dump`);
  let movedAside: string | null = null;
  assertNotInUse(dir);
  if (isDataDir(dir)) {
    const existing = await openPglite(dir);
    const tables = await tableCount(existing).finally(() => existing.close());
    if (tables > 0) {
      if (!options.force) {
        throw new BackupError(
          `the embedded database in ${dir} is not empty (${tables} tables): restore loads into an empty database; ` +
            'pass --force to replace it (the current data dir is kept beside it)',
        );
      }
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, movedAside);
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  const pg = await openPglite(dir);
  try {
    try {
      await pg.exec(`BEGIN;\n${text}\nCOMMIT;`);
    } catch (err) {
      await pg.exec('ROLLBACK').catch(() => undefined);
      throw new BackupError(`the dump could not be loaded: ${(err as Error).message}`);
    }
    return { movedAside, tables: await tableCount(pg), state: await schemaState(queryOf(pg)) };
  } finally {
    await pg.close();
  }
}
