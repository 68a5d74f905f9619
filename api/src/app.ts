import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DbHandle } from './db/client';
import { logSafeError } from './lib/log-safe-error';
import { requestSerializer } from '@portal/shared/log';
import { apiModules, prefixOf } from './modules';
import { traceRequests } from './telemetry';
import cryptoPlugin from './plugins/crypto';
import dbPlugin from './plugins/db';
import { registerErrorHandling } from './plugins/errors';
import identityPlugin from './plugins/identity';
import inputGuard from './plugins/input-guard';
import mailPlugin from './plugins/mail';
import metricsPlugin from './plugins/metrics';
import ownerCachePlugin from './plugins/owner-cache';
import rateLimitPlugin from './plugins/rate-limit';
import { echoRequestId, requestIdOf } from './plugins/request-id';
import routeTable from './plugins/route-table';
import securityHeaders, { DOCUMENT_HEADERS } from './plugins/security-headers';
import fileStoragePlugin from './services/file-storage';
import viesPlugin from './services/vies';
import schedulerPlugin from './jobs/scheduler';
import paymentsPlugin from './plugins/payments';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildOverrides {
  /** An already opened database (tests); the caller closes it. */
  db?: DbHandle;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export const API_PREFIX = '/api';

const SECRET_KEYS = ['password', 'clientSecret', 'token', 'idToken', 'refreshToken', 'secret', 'passwordEncrypted'];

/** Log paths never written in clear: auth headers and secret-looking keys up to two levels deep. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
];

export async function buildApp(config: AppConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Every logged error, wherever it is logged: no SQL parameters or key values from driver messages.
      serializers: {
        // The request lines' URL without email addresses (?email=, ?userEmail= are spec'd query parameters).
        req: requestSerializer,
        err: (err: Error) => {
          const safe = logSafeError(err);
          return { ...safe, stack: safe.stack ?? '' };
        },
      },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For counts from TRUSTED_PROXIES only (the portal server): request.ip is then the client it
    // forwards for, and a client that connects directly cannot choose the address its requests count against.
    trustProxy: config.trustedProxies,
    // Each log line of a request carries its id as reqId: the caller's X-Request-Id when safe, else a new UUID.
    genReqId: requestIdOf,
    // Plugins (PGlite, swagger-ui assets) can be slow to start on a busy machine; avvio's 10 s default is tight.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  echoRequestId(app);
  // First of the hooks: a traced request's span covers all that follows (rate limits, identity, the handler).
  traceRequests(app);
  registerErrorHandling(app);
  // Before the rate limits: they count their refusals in it.
  await app.register(metricsPlugin, { config });
  await app.register(routeTable);

  // Only the portal's own origins and CORS_ORIGINS; any other Origin (also "null") gets no CORS headers.
  await app.register(cors, { origin: config.corsOrigins, credentials: false });
  // helmet's headers (API_HELMET_OPTIONS: nothing framed, sniffed or run as a page; pages add DOCUMENT_HEADERS).
  await app.register(securityHeaders);
  await app.register(rateLimitPlugin, { config });
  await app.register(inputGuard, { skipPrefixes: [`${API_PREFIX}/docs`] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal API', description: 'Customer portal backend', version: '0.1.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    // A page: helmet's headers for pages too (JSON answers go without them).
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.headers(DOCUMENT_HEADERS);
        done();
      },
    },
  });

  await app.register(dbPlugin, { config, handle: overrides.db });
  await app.register(cryptoPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(ownerCachePlugin);
  await app.register(identityPlugin, { config });
  await app.register(fileStoragePlugin, { config });
  await app.register(viesPlugin, { config });
  await app.register(paymentsPlugin, { config });

  for (const mod of apiModules) {
    await app.register(mod.plugin, { prefix: `${API_PREFIX}${prefixOf(mod)}` });
  }
  await app.register(schedulerPlugin, { intervalMs: config.jobsIntervalMs });
  return app;
}
