// Migrations as a release step: `npm run migrate` under PostgreSQL's advisory lock (concurrent runs wait, each
// migration is applied once), and an api that does not migrate at start (production, MIGRATE_ON_START=false)
// refuses a schema older than its code, with one line naming both migrations; a newer schema passes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  assertSchemaCurrent,
  migratePglite,
  migratePostgres,
  readJournal,
  schemaState,
  type Query,
} from '../src/db/migrations';
import { scratchDatabase } from '../../scripts/scratch-database.cjs';
import { PROJECT_ID, testConfig } from './helpers';
import { olderMigrations } from './older-migrations';

const BASE_URL = process.env.TEST_DATABASE_URL;
const JOURNAL = readJournal();
const LAST = JOURNAL.at(-1)!;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (dropped after the file). */
async function emptyPostgresDatabase(): Promise<string> {
  const database = await scratchDatabase(BASE_URL!, 'portal_migrate');
  cleanups.push(database.drop);
  return database.url;
}

/** An older release's migrations folder (removed after the file). */
function olderRelease(count: number): string {
  const dir = olderMigrations(count);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const describeIfPostgres = BASE_URL ? describe : describe.skip;

describeIfPostgres('npm run migrate on PostgreSQL', () => {
  it('two concurrent runs both succeed; each migration is applied once', async () => {
    const url = await emptyPostgresDatabase();
    // A third connection holds the lock until both runs are queued behind it: they really run at the same time.
    const holder = new Client({ connectionString: url });
    await holder.connect();
    await holder.query(`select pg_advisory_lock(hashtext('portal-api-migrations'))`);
    let waiting = 0;
    const runs = [0, 1].map(() => migratePostgres(url, { onWait: () => waiting++ }));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await holder.query(
        `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
          where d.datname = current_database() and l.locktype = 'advisory' and not l.granted`,
      );
      if (rows[0].n === 2) break;
      if (Date.now() > deadline) throw new Error('the migrate runs never queued for the lock');
      await new Promise((r) => setTimeout(r, 50));
    }
    await holder.end();
    const [a, b] = await Promise.all(runs);

    expect(waiting).toBe(2);
    // One run applied everything, the other found nothing left.
    expect([a.applied.length, b.applied.length].sort((x, y) => x - y)).toEqual([0, JOURNAL.length]);
    expect(a.state.missing).toEqual([]);
    expect(b.state.missing).toEqual([]);
    const check = new Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query(
      'select count(*)::int as n, count(distinct created_at)::int as distinct_n from drizzle.__drizzle_migrations',
    );
    await check.end();
    expect(rows[0]).toEqual({ n: JOURNAL.length, distinct_n: JOURNAL.length });
  });
});

describe('an api that does not migrate at start', () => {
  const env = (dataDir: string, databaseUrl: string | null) =>
    testConfig(dataDir, {
      MIGRATE_ON_START: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });

  it('refuses an empty database with one line, and starts after npm run migrate', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-nomigrate-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = BASE_URL ? await emptyPostgresDatabase() : null;
    const config = env(dataDir, databaseUrl);
    expect(config.migrateOnStart).toBe(false);

    // The database plugin opens the database while buildApp registers it: buildApp itself refuses.
    await expect(buildApp(config).then((app) => app.ready())).rejects.toThrow(
      `the database has no migrations applied (empty database), this api needs ${LAST.idx} (${LAST.tag}): ` +
        'run `npm run migrate` first',
    );

    if (databaseUrl) await migratePostgres(databaseUrl);
    else {
      const pg = new PGlite(config.pgliteDir);
      await migratePglite(pg);
      await pg.close();
    }
    const app = await buildApp(config);
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses an older schema naming both migrations; a newer schema than the code passes', async () => {
    const pg = new PGlite();
    cleanups.push(() => pg.close());
    const query: Query = (text) => pg.query<Record<string, unknown>>(text);
    const previous = JOURNAL.at(-2)!;
    await migratePglite(pg, olderRelease(JOURNAL.length - 1));
    await expect(assertSchemaCurrent(query)).rejects.toThrow(
      `the database schema is at migration ${previous.idx} (${previous.tag}), this api needs ${LAST.idx} ` +
        `(${LAST.tag}): run \`npm run migrate\` first`,
    );

    // The new release migrated: an instance of the previous release (older journal) still starts.
    await migratePglite(pg);
    const older = await assertSchemaCurrent(query, olderRelease(JOURNAL.length - 1));
    expect(older).toMatchObject({ applied: { tag: previous.tag }, newer: true, missing: [] });
    expect(await schemaState(query)).toMatchObject({ applied: { tag: LAST.tag }, newer: false, missing: [] });
  });

  it('is the default in production; MIGRATE_ON_START overrides it', () => {
    const base = { FIREBASE_PROJECT_ID: PROJECT_ID, DATA_DIR: os.tmpdir() };
    expect(loadConfig({ ...base, PORTAL_MODE: 'production' }).migrateOnStart).toBe(false);
    expect(loadConfig({ ...base, PORTAL_MODE: 'production', MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).migrateOnStart).toBe(true);
    expect(loadConfig({ ...base, PORTAL_MODE: 'development', MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });
});
