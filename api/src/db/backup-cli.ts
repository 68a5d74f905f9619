// `npm run backup -- [file]`: a plain SQL dump of the embedded database (DATA_DIR/pglite), by default to
// DATA_DIR/backups/portal-<UTC time>.sql. Stop the api first: PGlite is the database of one process. The dump loads
// with `npm run restore` into an empty embedded database, or with psql into PostgreSQL. With DATABASE_URL set the
// database is PostgreSQL: back it up with pg_dump (docs/deploy.md).
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupPglite } from './backup';
import { describeState } from './migrations';

/** Where the command was typed: npm runs workspace scripts in api/ and names the original folder in INIT_CWD. */
const invokedFrom = process.env.INIT_CWD || process.cwd();

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length > 1 || files.length < args.length) {
    console.error('usage: backup [file.sql]');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md); backup is for PGlite');
    process.exit(2);
  }
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

void main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof BackupError;
  console.error(known ? (err as Error).message : `backup failed: ${(err as Error).message}`);
  process.exit(1);
});
