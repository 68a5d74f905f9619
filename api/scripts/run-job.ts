// Runs a scheduled job now, as the scheduler would (exactly once per period across instances), for a given date:
//   npm run job -w api -- month-end --date 2026-12-01     (closes November 2026)
// Uses the same configuration as the api (DATABASE_URL or the PGlite data dir).
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMonthEnd } from '../src/jobs/month-end';

const JOBS = { 'month-end': runMonthEnd } as const;

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const dateIndex = rest.indexOf('--date');
  const date = dateIndex >= 0 ? new Date(`${rest[dateIndex + 1]}T00:00:00Z`) : new Date();
  if (!(name in JOBS) || Number.isNaN(date.getTime())) {
    console.error(`usage: run-job <${Object.keys(JOBS).join('|')}> [--date YYYY-MM-DD]`);
    process.exit(2);
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const result = await JOBS[name as keyof typeof JOBS](handle.db, date);
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

void main().catch((err) => {
  console.error(`The job failed: ${(err as Error).message}`);
  process.exit(1);
});
