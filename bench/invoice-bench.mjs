// Invoices under measure: rendering one invoice (factur-x.xml + PDF/A-3b, target ≤ 100 ms median), a whole
// finalizeInvoice (number + document + store), and one page of the invoice list with 10 000 invoices (target
// ≤ 20 ms median), on PGlite and, when reachable, PostgreSQL. Prints a table; exits non-zero when a target is
// missed. Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; "off" skips PostgreSQL),
// BENCH_INVOICE_RENDERS (60), BENCH_INVOICE_LIST_SIZE (10000).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, tsxBin } from '../scripts/stack.mjs';
import { benchPostgres } from './bench-postgres.mjs';

const TARGETS = { renderMedianMs: 100, listMedianMs: 20 };

function runChild(env) {
  const result = spawnSync(process.execPath, [tsxBin(), 'bench/invoice-bench-run.ts'], {
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
  const rows = results.flatMap((r) => {
    const row = (measure, m, target) => ({
      database: r.driver,
      measure,
      n: m.n,
      median: ms(m.median),
      p95: ms(m.p95),
      target: target ? `≤ ${target} ms median` : '–',
      ok: target ? (m.median <= target ? 'yes' : 'NO') : '–',
    });
    return [
      row(`render invoice PDF (${r.pdfBytes} bytes)`, r.render, TARGETS.renderMedianMs),
      row('finalizeInvoice (number + PDF + store)', r.finalize),
      row(`list page of 10 (${r.listTotal} invoices)`, r.list, TARGETS.listMedianMs),
    ];
  });
  console.table(rows);
  if (rows.some((row) => row.ok === 'NO')) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await runInvoiceBench();
