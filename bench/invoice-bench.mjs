// Invoices under measure (issue 8): rendering one invoice (factur-x.xml + PDF/A-3b, target ≤ 100 ms median), a whole
// finalizeInvoice (number + document + store), and one page of the invoice list with 10 000 invoices (target
// ≤ 20 ms median), on PGlite and, when reachable, PostgreSQL. Prints a table; exits non-zero when a target is
// missed. Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; "off" skips PostgreSQL),
// BENCH_INVOICE_RENDERS (60), BENCH_INVOICE_LIST_SIZE (10000).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { benchPostgres } from './bench-postgres.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGETS = { renderMedianMs: 100, listMedianMs: 20 };

function runChild(env) {
  const require = createRequire(path.join(ROOT, 'api', 'package.json'));
  const tsx = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  const result = spawnSync(process.execPath, [tsx, 'bench/invoice-bench-run.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`invoice bench child exited with ${result.status}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

const ms = (n) => `${n.toFixed(1)} ms`;

export async function runInvoiceBench() {
  console.log('\n== invoices: PDF/A-3b generation and the invoice list (10 000 invoices)');
  const results = [runChild({ BENCH_DATABASE_URL: '' })];
  const postgresUrl = await benchPostgres();
  if (postgresUrl) results.push(runChild({ BENCH_DATABASE_URL: postgresUrl }));
  const rows = [];
  let missed = false;
  for (const r of results) {
    const renderOk = r.render.median <= TARGETS.renderMedianMs;
    const listOk = r.list.median <= TARGETS.listMedianMs;
    missed ||= !renderOk || !listOk;
    rows.push(
      {
        database: r.driver,
        measure: `render invoice PDF (${r.pdfBytes} bytes)`,
        n: r.render.n,
        median: ms(r.render.median),
        p95: ms(r.render.p95),
        target: `≤ ${TARGETS.renderMedianMs} ms median`,
        ok: renderOk ? 'yes' : 'NO',
      },
      {
        database: r.driver,
        measure: 'finalizeInvoice (number + PDF + store)',
        n: r.finalize.n,
        median: ms(r.finalize.median),
        p95: ms(r.finalize.p95),
        target: '–',
        ok: '–',
      },
      {
        database: r.driver,
        measure: `list page of 10 (${r.listTotal} invoices)`,
        n: r.list.n,
        median: ms(r.list.median),
        p95: ms(r.list.p95),
        target: `≤ ${TARGETS.listMedianMs} ms median`,
        ok: listOk ? 'yes' : 'NO',
      },
    );
  }
  console.table(rows);
  if (missed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await runInvoiceBench();
