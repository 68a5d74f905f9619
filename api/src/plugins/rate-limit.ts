import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { addressKey, verifiedCallerKey } from '../lib/caller-key';
import { HttpError } from '../lib/http-error';
import { pgRateLimitStore } from './rate-limit-pg-store';

/**
 * A route's own limit (`config: { rateLimit }`). Run after authentication (`hook: 'preHandler'`) it comes on top
 * of the per-address and per-user limits; run before it (the default hook, onRequest) it is the route's budget
 * instead of the per-address one (the payment webhooks').
 */
export type RouteRateLimit = RateLimitOptions;

export const tooManyRequests = (after: string, headers?: Record<string, string>) =>
  new HttpError(429, 'too-many-requests', `Too many requests. Please try again in ${after}.`, undefined, headers);

/** "42 seconds", "3 hours": when a refused caller may try again. */
function retryIn(seconds: number): string {
  if (seconds >= 3600) return `${Math.ceil(seconds / 3600)} hours`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * Routes that connect outward (database test), send mail or take free text (contact form, sub-users) take
 * RATE_LIMIT_STRICT_MAX requests per minute and verified user, counted after authentication (so a made-up token
 * never spends a user's allowance; it fails authentication and counts against its sender's address only).
 */
export const strictRateLimit: RouteRateLimit = {
  hook: 'preHandler',
  max: (request: FastifyRequest) => request.server.config.rateLimit.strictMax,
  timeWindow: 60_000,
  keyGenerator: verifiedCallerKey,
};

/** Whether a route's own limit runs before authentication, and so replaces the per-address budget. */
function hasOwnBudget(request: FastifyRequest): boolean {
  const own = request.routeOptions.config.rateLimit;
  return typeof own === 'object' && own !== null && (own.hook ?? 'onRequest') === 'onRequest';
}

/** A named counter for what a handler does (one invitation to one address …): throws 429 when `key` is over `max`. */
export type Quota = (request: FastifyRequest, key: string) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A quota over `timeWindow` ms, counted in the rate-limit store (Redis when configured). */
    quota(name: string, max: (config: AppConfig) => number, timeWindow: number): Quota;
  }
}

/** Where the counters live: Redis with REDIS_URL, else PostgreSQL with DATABASE_URL, else this process's memory. */
export function rateLimitStoreKind(
  config: Pick<AppConfig, 'redisUrl' | 'databaseUrl'>,
): 'redis' | 'postgres' | 'memory' {
  if (config.redisUrl) return 'redis';
  return config.databaseUrl ? 'postgres' : 'memory';
}

/**
 * Rate limits (429 `{ message, slug: 'too-many-requests' }` with Retry-After), keyed only on what is known for sure
 * when they run:
 * - every request, first of all: RATE_LIMIT_MAX a minute per client address (request.ip: the peer, or the client a
 *   TRUSTED_PROXIES peer forwards for). A flood stops here, before token checks, the database or a mail server;
 * - every request of a verified user, after authentication: RATE_LIMIT_MAX a minute per user (whichever addresses
 *   the user's requests come from), and on strictRateLimit routes RATE_LIMIT_STRICT_MAX.
 * A token is never read before it is verified: a made-up token costs its sender's address, never the user it names.
 * Counters live in Redis when REDIS_URL is set, else in PostgreSQL when DATABASE_URL is set (either way several api
 * instances share them), else in this process's memory.
 */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    const { config } = opts;
    let redis: Redis | undefined;
    if (config.redisUrl) {
      const { Redis: RedisClient } = await import('ioredis');
      redis = new RedisClient(config.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
      });
      // Without a listener ioredis prints every reconnect failure; skipOnError lets requests pass meanwhile.
      let lastWarned = 0;
      redis.on('error', (err: Error) => {
        if (Date.now() - lastWarned < 60_000) return;
        lastWarned = Date.now();
        app.log.warn({ err }, 'rate-limit store (Redis) unavailable; requests pass uncounted');
      });
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    const kind = rateLimitStoreKind(config);
    let lastWarned = 0;
    const warnStore = (err: unknown) => {
      if (Date.now() - lastWarned < 60_000) return;
      lastWarned = Date.now();
      app.log.warn({ err }, 'rate-limit store (PostgreSQL) failed; requests pass uncounted');
    };
    await app.register(rateLimit, {
      // No limit the plugin adds by itself: the hooks below count every request (routes' own limits still apply).
      global: false,
      max: config.rateLimit.max,
      timeWindow: 60_000,
      keyGenerator: addressKey,
      ...(redis ? { redis, nameSpace: 'portal-rate-limit-' } : {}),
      ...(kind === 'postgres' ? { store: pgRateLimitStore(() => app.db, warnStore) } : {}),
      // A store outage must not take the api down with it: requests pass uncounted.
      skipOnError: true,
      // The counts go out on a 429 only (with Retry-After): a limit here stops floods, it is no quota a client plans
      // by, and with PostgreSQL the count of a request let through at once is this instance's estimate (see the store).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (request, context) => {
        const own = request.routeOptions.config.rateLimit;
        app.metrics.rateLimitRefusals.inc({
          limit: own === strictRateLimit ? 'strict' : `route:${request.routeOptions.url ?? ''}`,
        });
        return tooManyRequests(context.after);
      },
    });
    app.log.debug({ store: kind }, 'rate-limit store');

    // Root hooks: they run for every route (and the not-found answer) before any hook of a route or module.
    const perAddress = limit(app, 'address', addressKey, () => config.rateLimit.max);
    app.addHook('onRequest', async (request) => {
      if (!hasOwnBudget(request)) await perAddress(request);
    });
    // Appended to each route's own preHandlers, which run after every other hook: the identity is known by then,
    // wherever the route authenticates (onRequest, a module's preHandler or its own). Anonymous requests pass.
    const perUser = limit(app, 'user', verifiedCallerKey, () => config.rateLimit.max);
    const countUser = async (request: FastifyRequest) => {
      if (request.identity) await perUser(request);
    };
    app.addHook('onRoute', (route) => {
      const own = route.preHandler;
      route.preHandler = own === undefined ? [countUser] : [...(Array.isArray(own) ? own : [own]), countUser];
    });

    app.decorate('quota', (name: string, max: (config: AppConfig) => number, timeWindow: number): Quota => {
      const keys = new WeakMap<FastifyRequest, string>();
      const limiter = app.createRateLimit({
        max: () => max(config),
        timeWindow,
        keyGenerator: (request: FastifyRequest) => `${name}:${keys.get(request) ?? ''}`,
      });
      return async (request, key) => {
        keys.set(request, key);
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          app.metrics.rateLimitRefusals.inc({ limit: name });
          const seconds = Math.max(1, result.ttlInSeconds);
          throw tooManyRequests(retryIn(seconds), { 'retry-after': String(seconds) });
        }
      };
    });
  },
  { name: 'rate-limit', dependencies: ['metrics'] },
);

/**
 * A limit of RATE_LIMIT_* requests a minute per `key` (under `name`, apart from every other counter): throws 429
 * with Retry-After and the X-RateLimit-* counts once a key is over it.
 */
function limit(
  app: FastifyInstance,
  name: string,
  key: (request: FastifyRequest) => string,
  max: () => number,
): (request: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${key(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    app.metrics.rateLimitRefusals.inc({ limit: name });
    const seconds = Math.max(1, result.ttlInSeconds);
    throw tooManyRequests(retryIn(seconds), {
      'x-ratelimit-limit': String(result.max),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(seconds),
      'retry-after': String(seconds),
    });
  };
}
