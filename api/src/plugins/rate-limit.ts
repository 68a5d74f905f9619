import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { callerKey } from '../lib/caller-key';
import { HttpError } from '../lib/http-error';
import { pgRateLimitStore } from './rate-limit-pg-store';

/** Limits for a route beyond the global one: `config: { rateLimit: strictRateLimit }` on the route. */
export type RouteRateLimit = RateLimitOptions;

export const tooManyRequests = (after: string, headers?: Record<string, string>) =>
  new HttpError(429, 'too-many-requests', `Too many requests. Please try again in ${after}.`, undefined, headers);

/**
 * Routes that connect outward (database test), send mail or take free text (contact form, sub-users) take
 * RATE_LIMIT_STRICT_MAX requests per minute and caller; every other route RATE_LIMIT_MAX.
 */
export const strictRateLimit: RouteRateLimit = {
  max: (request: FastifyRequest) => request.server.config.rateLimit.strictMax,
  timeWindow: 60_000,
};

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
 * @fastify/rate-limit on every route (429 `{ message, slug: 'too-many-requests' }` with Retry-After). Counters live
 * in Redis when REDIS_URL is set, else in PostgreSQL when DATABASE_URL is set (either way several api instances
 * share them), else in this process's memory.
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
      global: true,
      max: config.rateLimit.max,
      timeWindow: 60_000,
      keyGenerator: callerKey,
      ...(redis ? { redis, nameSpace: 'portal-rate-limit-' } : {}),
      ...(kind === 'postgres' ? { store: pgRateLimitStore(() => app.db, warnStore) } : {}),
      // A store outage must not take the api down with it: requests pass uncounted.
      skipOnError: true,
      // The counts go out on a 429 only (with Retry-After): a limit here stops floods, it is no quota a client plans
      // by, and with PostgreSQL the count of a request let through at once is this instance's estimate (see the store).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
    });
    app.log.debug({ store: kind }, 'rate-limit store');

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
          const seconds = Math.max(1, result.ttlInSeconds);
          const after = seconds >= 3600 ? `${Math.ceil(seconds / 3600)} hours` : `${seconds} seconds`;
          throw tooManyRequests(after, { 'retry-after': String(seconds) });
        }
      };
    });
  },
  { name: 'rate-limit' },
);
