#!/usr/bin/env node
// The portal server of `npm start` (Fastify; routes in portal-server/app.mjs).
// Env: PORT (8080), HOST (127.0.0.1 while the Auth emulator is in use, else all interfaces),
// API_URL (http://127.0.0.1:${API_PORT:-3001}), PORTAL_ROOT (repo root). The operating company's links and support
// address come from shared/config/operating-company.js: in production mode (PORTAL_MODE=production, else
// NODE_ENV=production) the server refuses to start while one is unset or still the demo's, one line per variable.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, apiUrlFromEnv, buildPortalServer } from './portal-server/app.mjs';
import { listenHost } from './portal-server/security.mjs';
import { portalConfigFromEnv } from '../shared/webpack/portal-config.js';
import { companyProblems, portalMode } from '../shared/config/operating-company.js';

export { buildPortalServer };

/** Starts listening; resolves with the Fastify instance once it accepts connections. */
export async function listenPortalServer({ port, host, ...options } = {}) {
  const app = await buildPortalServer(options);
  await app.listen({ port: Number(port), host });
  return app;
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const env = process.env;
  const problems = companyProblems(env);
  if (problems.length) {
    console.error(
      portalMode(env) === 'production'
        ? 'The portal server refuses to start in production mode (PORTAL_MODE or NODE_ENV=production); see docs/configuration.md:'
        : 'The portal server could not start; see docs/configuration.md:',
    );
    for (const line of problems) console.error(`  ${line}`);
    process.exit(1);
  }
  const port = Number(env.PORT || 8080);
  const { host, reason } = listenHost(env, portalConfigFromEnv(env));
  try {
    const app = await listenPortalServer({ port, host, root: env.PORTAL_ROOT || REPO_ROOT, logger: { level: 'warn' } });
    console.log(`portal server on http://localhost:${port} (api → ${apiUrlFromEnv(env)})`);
    console.log(`portal server listening on ${host}: ${reason}`);
    const stop = () => app.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`portal server could not listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  }
}
