// The PostgreSQL server the benches use: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), or
// none when it is "off". The benches never write into that database: their children create a throw-away database on
// the server and drop it at the end.
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The configured server URL, or null when BENCH_DATABASE_URL is "off" (any case, surrounding blanks ignored). */
export function benchPostgresUrl(env = process.env) {
  const value = (env.BENCH_DATABASE_URL ?? '').trim();
  if (value.toLowerCase() === 'off') return null;
  return value || DEFAULT_BENCH_DATABASE_URL;
}

/** Whether a PostgreSQL server answers at `url` within two seconds. */
export async function postgresReachable(url) {
  const require = createRequire(path.join(ROOT, 'api', 'package.json'));
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The server URL to bench against, or null (with a line saying why) when it is off or not reachable. */
export async function benchPostgres() {
  const url = benchPostgresUrl();
  if (!url) {
    console.log('[bench] PostgreSQL skipped: BENCH_DATABASE_URL=off');
    return null;
  }
  if (!(await postgresReachable(url))) {
    console.log(`[bench] PostgreSQL skipped: ${url} not reachable (set BENCH_DATABASE_URL, or "off")`);
    return null;
  }
  return url;
}
