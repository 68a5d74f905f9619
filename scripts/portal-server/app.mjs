// The portal server as a Fastify instance (tests use inject(); scripts/serve-portal.mjs listens):
//   /                      shell/dist, SPA fallback to index.html for unknown paths without a file extension
//   /remotes/mfe-x/...     mfe-x/dist with CORS headers (the shell loads remotes at runtime)
//   /portal-config.json    runtime config built from env (see shared/webpack/portal-config.js)
//   /api, /api/...         proxied to the one api target (method, headers and body kept)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { portalConfigFromEnv } from '../../shared/webpack/portal-config.js';
import { cspDirectives, inlineScriptHashReader, isOriginForm, remoteOriginsSource } from './security.mjs';
import { apiProxy } from './api-proxy.mjs';
import { redactingLogger } from './logging.mjs';
import { staticFiles } from './static-files.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function apiUrlFromEnv(env = process.env) {
  return env.API_URL ?? `http://127.0.0.1:${env.API_PORT || 3001}`;
}

/**
 * @param {{ root?: string, apiUrl?: string, env?: NodeJS.ProcessEnv, logger?: boolean | object,
 *           remoteOriginsTtlMs?: number }} [options]
 */
export async function buildPortalServer({
  root = REPO_ROOT,
  apiUrl,
  env = process.env,
  logger = false,
  remoteOriginsTtlMs = 5000,
} = {}) {
  const upstream = apiUrl ?? apiUrlFromEnv(env);
  const portalConfig = portalConfigFromEnv(env);
  const app = Fastify({ logger: redactingLogger(logger) });

  app.addHook('onRequest', async (request, reply) => {
    if (!isOriginForm(request.raw.url)) {
      return reply.code(400).send({ message: 'Only origin-form request targets are accepted', slug: 'bad-request' });
    }
  });

  // The CSP's remote origins follow the registry (staff console) within seconds; refreshed before helmet reads them.
  const remoteOrigins = remoteOriginsSource({ apiUrl: upstream, env, ttlMs: remoteOriginsTtlMs });
  app.addHook('onRequest', async (request) => {
    if (!request.raw.url.startsWith('/api')) await remoteOrigins.fresh();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        portalConfig,
        remoteOrigins: remoteOrigins.current,
        inlineScriptHashes: inlineScriptHashReader(path.join(root, 'shell', 'dist', 'index.html')),
      }),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Remotes may be loaded by a portal on another origin (CORS '*'); the rest stays same-origin.
    crossOriginResourcePolicy: false,
    // No Cross-Origin-Opener-Policy (helmet's default is same-origin): the payment window shows the provider's site
    // (another origin), and under COOP the portal loses its handle on it at once (`closed` reads true while the seller
    // still pays). Any COOP also moves a page opened from another context into a new browsing context group, a cold
    // renderer process (Lighthouse on /login: 90–96 with same-origin-allow-popups, 100 without).
    crossOriginOpenerPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cross-origin-resource-policy')) {
      const remote = request.raw.url.startsWith('/remotes/');
      reply.header('cross-origin-resource-policy', remote ? 'cross-origin' : 'same-origin');
    }
  });

  await app.register(apiProxy, { upstream });

  const configJson = JSON.stringify(portalConfig);
  app.get('/portal-config.json', (_request, reply) => {
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(configJson);
  });

  await app.register(staticFiles, { root });
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  return app;
}
