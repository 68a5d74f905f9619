// npm run bench: the api under load (PGlite and PostgreSQL), then Lighthouse on /login. `npm run bench -- api`
// or `-- gpsr` (the 200 MB documentation ZIP) or `-- invoices` (invoice PDF and list) or `-- traces` (what tracing costs
// the built api) or `-- lighthouse` runs one part.
import { runApiBench } from './api-bench.mjs';
import { runGpsrBench } from './gpsr-bench.mjs';
import { runInvoiceBench } from './invoice-bench.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runTracesBench } from './traces-bench.mjs';

const only = process.argv[2];
if (!only || only === 'api') await runApiBench();
if (!only || only === 'gpsr') await runGpsrBench();
if (!only || only === 'invoices') await runInvoiceBench();
if (!only || only === 'traces') await runTracesBench();
if (!only || only === 'lighthouse') await runLighthouse();
