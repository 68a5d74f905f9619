// Runs a scheduled job now, as the scheduler would (exactly once per period across instances), for a given date:
//   npm run job -w api -- month-end --date 2026-12-01     (closes November 2026)
//   npm run job -w api -- renewals --date 2026-12-01      (renews what ends before 2026-12-04, ends cancelled ones)
// Uses the same configuration as the api (DATABASE_URL or the PGlite data dir; with PGlite the api must not run at
// the same time). The renewals job charges through the payment provider: this process starts the api on a free
// local port (no scheduler) so the sandbox's signed events reach its webhook over HTTP, as they would in the api.
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { runMonthEnd } from '../src/jobs/month-end';
import { runRenewals } from '../src/jobs/renewals';
import { purchaseDeps } from '../src/modules/purchase';

const JOBS = {
  'month-end': (app: Awaited<ReturnType<typeof buildApp>>, date: Date) => runMonthEnd(app.db, date),
  renewals: (app: Awaited<ReturnType<typeof buildApp>>, date: Date) => runRenewals(purchaseDeps(app), date),
} as const;

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const dateIndex = rest.indexOf('--date');
  const date = dateIndex >= 0 ? new Date(`${rest[dateIndex + 1]}T00:00:00Z`) : new Date();
  if (!(name in JOBS) || Number.isNaN(date.getTime())) {
    console.error(`usage: run-job <${Object.keys(JOBS).join('|')}> [--date YYYY-MM-DD]`);
    process.exit(2);
  }
  const config = { ...loadConfig(), jobsIntervalMs: 0, logLevel: process.env.LOG_LEVEL ?? 'warn' };
  const app = await buildApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const result = await JOBS[name as keyof typeof JOBS](app, date);
    console.log(JSON.stringify(result));
  } finally {
    await app.close();
  }
}

void main().catch((err) => {
  console.error(`The job failed: ${(err as Error).message}`);
  process.exit(1);
});
