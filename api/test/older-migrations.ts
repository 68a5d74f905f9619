import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/db/client';

/**
 * A copy of api/drizzle whose journal stops after `count` migrations: the migrations an older release shipped
 * (drizzle applies what the journal lists). The caller removes the folder.
 */
export function olderMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}

/** A copy of the migrations folder that stops before the migration `tag`. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  return olderMigrations(index);
}

export interface MigratingDatabase {
  pg: PGlite;
  /** Applies the migrations that come before `tag`, or all of them without a tag. */
  migrateUntil(tag?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PGlite database in memory with the migrations before `tag` applied, for tests of what a migration does to the
 * rows an older release wrote: write them into `pg`, then `migrateUntil()`.
 */
export async function databaseBefore(tag: string): Promise<MigratingDatabase> {
  const pg = new PGlite();
  const copies: string[] = [];
  const db: MigratingDatabase = {
    pg,
    migrateUntil: async (until) => {
      let folder = MIGRATIONS_DIR;
      if (until) copies.push((folder = migrationsBefore(until)));
      await migrate(drizzle(pg), { migrationsFolder: folder });
    },
    close: async () => {
      await pg.close();
      for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await db.migrateUntil(tag);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
