// `npm run migrate`: applies the missing migrations (api/drizzle) to the configured database, as a release step
// of its own before new api instances start (production api instances do not migrate; see docs/deploy.md).
// PostgreSQL (DATABASE_URL): under an advisory lock, so that concurrent runs wait and the later one finds nothing
// to do. PGlite (DATA_DIR/pglite): the api must be stopped, PGlite is the database of one process.
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { describeState, migratePglite, migratePostgres, type MigrationRun } from './migrations';
import { inUseMessage, liveOwner } from './pglite-owner';

async function main(): Promise<void> {
  const config = loadConfig();
  let run: MigrationRun;
  if (config.databaseUrl) {
    run = await migratePostgres(config.databaseUrl, {
      onWait: () => console.log('another migration run holds the lock: waiting for it to finish'),
    });
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const owner = liveOwner(config.pgliteDir);
    if (owner !== null) throw new Error(inUseMessage(config.pgliteDir, owner));
    fs.mkdirSync(config.pgliteDir, { recursive: true });
    const pg = new PGlite(config.pgliteDir);
    try {
      run = await migratePglite(pg);
    } finally {
      await pg.close();
    }
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`;
  if (run.applied.length) console.log(`applied ${run.applied.map((m) => m.tag).join(', ')} (${where})`);
  else console.log(`nothing to apply (${where})`);
  console.log(describeState(run.state));
}

void main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `migrate failed: ${(err as Error).message}`);
  process.exit(1);
});
