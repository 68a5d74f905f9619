// `npm run restore -- <file.sql> [--force]`: loads a dump of `npm run backup` into the embedded database
// (DATA_DIR/pglite), which must be empty or not exist yet; --force moves a non-empty data dir aside and restores
// into a new one. Stop the api first. With DATABASE_URL set the database is PostgreSQL: load the dump with psql
// (docs/deploy.md).
import path from 'node:path';
import { restorePglite } from './backup';
import { describeState } from './migrations';
import { invokedFrom, pgliteConfig, runPgliteCommand } from './pglite-command';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (files.length !== 1 || unknown.length) {
    console.error('usage: restore <file.sql> [--force]');
    process.exit(2);
  }
  const config = pgliteConfig('load a dump into PostgreSQL with psql or pg_restore (docs/deploy.md)');
  const result = await restorePglite(config.pgliteDir, path.resolve(invokedFrom, files[0]), { force });
  if (result.movedAside) console.log(`the replaced data dir is kept in ${result.movedAside}`);
  console.log(`restored ${files[0]} into ${config.pgliteDir} (${result.tables} tables)`);
  console.log(describeState(result.state));
  if (result.state.missing.length) console.log('this api needs newer migrations: run `npm run migrate` next');
}

runPgliteCommand('restore', main);
