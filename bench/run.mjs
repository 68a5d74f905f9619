// npm run bench: the api under load (PGlite and PostgreSQL), then Lighthouse on /login. `npm run bench -- api`
// or `-- lighthouse` runs one part.
import { runApiBench } from './api-bench.mjs';
import { runLighthouse } from './lighthouse.mjs';

const only = process.argv[2];
if (!only || only === 'api') await runApiBench();
if (!only || only === 'lighthouse') await runLighthouse();
