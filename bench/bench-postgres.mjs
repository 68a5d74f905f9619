// The PostgreSQL server the benches use: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), or
// none when it is "off". The benches never write into that database: their children create a throw-away database on
// the server and drop it at the end.
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The server URL to bench against: BENCH_DATABASE_URL, or the default; null (with a line saying why) when it is "off"
 * (any case, surrounding blanks ignored) or does not answer within two seconds.
 */
export async function benchPostgres(env = process.env) {
  const value = (env.BENCH_DATABASE_URL ?? '').trim();
  if (value.toLowerCase() === 'off') {
    console.log('[bench] PostgreSQL skipped: BENCH_DATABASE_URL=off');
    return null;
  }
  const url = value || 'postgres://postgres@127.0.0.1:5432/test';
  const { Client } = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    console.log(`[bench] PostgreSQL skipped: ${url} not reachable (set BENCH_DATABASE_URL, or "off")`);
    return null;
  }
}
