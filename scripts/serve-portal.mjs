#!/usr/bin/env node
// The portal server of `npm start` (Fastify; routes in portal-server/app.mjs).
// Env: PORT (8080), HOST (127.0.0.1 while the Auth emulator is in use, else all interfaces),
// API_URL (http://127.0.0.1:${API_PORT:-3001}), PORTAL_ROOT (repo root).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, apiUrlFromEnv, buildPortalServer } from './portal-server/app.mjs';
import { listenHost } from './portal-server/security.mjs';
import { portalConfigFromEnv } from '../shared/webpack/portal-config.js';

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
