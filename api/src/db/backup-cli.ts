// `npm run backup -- [file]`: a plain SQL dump of the embedded database (DATA_DIR/pglite), by default to
// DATA_DIR/backups/portal-<UTC time>.sql. Stop the api first: PGlite is the database of one process. The dump loads
// with `npm run restore` into an empty embedded database, or with psql into PostgreSQL. With DATABASE_URL set the
// database is PostgreSQL: back it up with pg_dump (docs/deploy.md).
import path from 'node:path';
import { backupPglite } from './backup';
import { describeState } from './migrations';
import { invokedFrom, pgliteConfig, runPgliteCommand } from './pglite-command';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length > 1 || files.length < args.length) {
    console.error('usage: backup [file.sql]');
    process.exit(2);
  }
  const config = pgliteConfig('back PostgreSQL up with pg_dump (docs/deploy.md); backup is for PGlite');
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  const file = files[0]
    ? path.resolve(invokedFrom, files[0])
    : path.join(config.dataDir, 'backups', `portal-${stamp}.sql`);
  const result = await backupPglite(config.pgliteDir, file);
  console.log(
    `backup of ${config.pgliteDir} written to ${result.file} (${result.tables} tables, ${result.bytes} bytes)`,
  );
  console.log(describeState(result.state));
}

runPgliteCommand('backup', main);
