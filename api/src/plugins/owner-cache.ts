import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Listener } from '../db/client';

/** The channel migration 0013's triggers notify: 'u:<user id>', '*' (everyone); 's:<token>' is a settle() mark. */
export const OWNER_CACHE_CHANNEL = 'owner_cache';

export interface OwnerCache {
  /** False while the LISTEN connection is not up: every read goes to the database then, nothing is kept. */
  readonly active: boolean;
  /**
   * The cached answer `key` of a user, or load()'s (kept for the TTL, or until `validUntil(value)` in epoch ms when
   * sooner). Not kept when the user's entries were dropped while load() ran: it may have read the old rows.
   */
  read<T>(userId: string, key: string, load: () => Promise<T>, validUntil?: (value: T) => number): Promise<T>;
  /** Drops a user's entries (and what loads in flight for them would keep). */
  invalidate(userId: string): void;
  /** Drops every entry. */
  clear(): void;
  /**
   * Resolves once every notification of a transaction committed before the call has been handled: a notification of
   * its own is sent and awaited (PostgreSQL delivers notifications in commit order). Drops everything on a timeout.
   */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ownerCache: OwnerCache;
  }
}

type Entry = { value: unknown; expiresAt: number };
type Fill = { stale: boolean; promise: Promise<unknown> };

/** The entries and their bookkeeping, without the database (see the plugin below). */
export function ownerCacheStore(options: {
  ttlMs: number;
  maxUsers: number;
  maxKeysPerUser: number;
  now?: () => number;
}) {
  const { ttlMs, maxUsers, maxKeysPerUser, now = Date.now } = options;
  /** Least recently used user first (a Map iterates in insertion order; a hit moves the user to the end). */
  const users = new Map<string, Map<string, Entry>>();
  const fills = new Map<string, Map<string, Fill>>();
  let active = false;
  /**
   * The user at the end of `users`, whom a hit need not move: under load most hits are the same user's, and moving
   * an entry (delete, then set) costs each time (a Map of one shrinks and grows its table).
   */
  let newest: string | undefined;

  function touch(userId: string, entries: Map<string, Entry>) {
    if (userId === newest) return;
    users.delete(userId);
    users.set(userId, entries);
    newest = userId;
  }

  function keep(userId: string, key: string, value: unknown, expiresAt: number) {
    const entries = users.get(userId) ?? new Map<string, Entry>();
    touch(userId, entries);
    entries.delete(key);
    entries.set(key, { value, expiresAt });
    if (entries.size > maxKeysPerUser) entries.delete(entries.keys().next().value as string);
    if (users.size > maxUsers) users.delete(users.keys().next().value as string);
  }

  const store = {
    get active() {
      return active;
    },
    /** Turning on or off starts from nothing: entries may have missed notifications while it was off. */
    setActive(on: boolean) {
      store.clear();
      active = on;
    },
    get size() {
      let n = 0;
      for (const entries of users.values()) n += entries.size;
      return n;
    },
    read<T>(userId: string, key: string, load: () => Promise<T>, validUntil?: (value: T) => number): Promise<T> {
      if (!active) return load();
      const started = now();
      const entries = users.get(userId);
      const hit = entries?.get(key);
      if (hit && hit.expiresAt > started) {
        touch(userId, entries!);
        return Promise.resolve(hit.value as T);
      }
      const running = fills.get(userId)?.get(key);
      if (running && !running.stale) return running.promise as Promise<T>;
      let userFills = fills.get(userId);
      if (!userFills) fills.set(userId, (userFills = new Map()));
      const fill: Fill = { stale: false, promise: Promise.resolve() };
      userFills.set(key, fill);
      const done = () => {
        if (userFills.get(key) === fill) userFills.delete(key);
        if (userFills.size === 0 && fills.get(userId) === userFills) fills.delete(userId);
      };
      const promise = load().then(
        (value) => {
          done();
          const expiresAt = Math.min(started + ttlMs, validUntil ? validUntil(value) : Infinity);
          if (active && !fill.stale && expiresAt > now()) keep(userId, key, value, expiresAt);
          return value;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
      fill.promise = promise;
      return promise;
    },
    invalidate(userId: string) {
      users.delete(userId);
      if (userId === newest) newest = undefined;
      for (const fill of fills.get(userId)?.values() ?? []) fill.stale = true;
    },
    clear() {
      users.clear();
      newest = undefined;
      for (const userFills of fills.values()) for (const fill of userFills.values()) fill.stale = true;
    },
  };
  return store;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read cache per user (the user row, the profile, the license page) kept correct across api instances: the
 * database's triggers (migration 0013) notify the users whose answers a committed change may alter, and every
 * instance LISTENs on one connection of its own and drops their entries. While that connection is down (or not up
 * yet) the cache is empty and bypassed. An authenticated write answers only after the notifications of what it
 * committed were handled here (settle()), so its caller's next read sees it; entries live at most `ttlMs`.
 */
export default fp(
  async (app, opts: { ttlMs?: number; maxUsers?: number; maxKeysPerUser?: number; retryMs?: number } = {}) => {
    const store = ownerCacheStore({
      ttlMs: opts.ttlMs ?? 5000,
      maxUsers: opts.maxUsers ?? 5000,
      maxKeysPerUser: opts.maxKeysPerUser ?? 16,
    });
    const marks = new Map<string, () => void>();
    const releaseMarks = () => {
      for (const release of marks.values()) release();
      marks.clear();
    };

    const onNotify = (payload: string) => {
      if (payload.startsWith('u:')) store.invalidate(payload.slice(2));
      else if (payload.startsWith('s:')) marks.get(payload.slice(2))?.();
      else store.clear();
    };

    let listener: Listener | null = null;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    const retryMs = opts.retryMs ?? 1000;
    async function connect(): Promise<void> {
      retry = undefined;
      try {
        const opened = await app.dbHandle.listen(OWNER_CACHE_CHANNEL, onNotify, (err) => {
          listener = null;
          store.setActive(false);
          releaseMarks();
          if (closing) return;
          app.log.warn({ err }, 'read cache: LISTEN connection lost; reads go to the database until it is back');
          retry = setTimeout(() => void connect(), retryMs);
        });
        if (closing) {
          await opened.close();
          return;
        }
        listener = opened;
        store.setActive(true);
      } catch (err) {
        if (closing) return;
        app.log.warn({ err }, 'read cache: LISTEN failed; reads go to the database until it succeeds');
        retry = setTimeout(() => void connect(), retryMs);
      }
    }
    await connect();
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      store.setActive(false);
      releaseMarks();
      await listener?.close();
    });

    async function settle(): Promise<void> {
      if (!store.active) return;
      const token = crypto.randomUUID();
      const arrived = new Promise<void>((resolve) => marks.set(token, resolve));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 2000)));
      try {
        await app.db.execute(sql`SELECT pg_notify(${OWNER_CACHE_CHANNEL}, ${`s:${token}`})`);
        if (await Promise.race([arrived.then(() => false), timedOut])) store.clear();
      } catch {
        store.clear();
      } finally {
        clearTimeout(timer);
        marks.delete(token);
      }
    }

    const cache: OwnerCache = {
      get active() {
        return store.active;
      },
      read: store.read,
      invalidate: store.invalidate,
      clear: store.clear,
      settle,
    };
    app.decorate('ownerCache', cache);

    // A write of an authenticated caller: their next read must see it, whichever user's entries it changed.
    // A callback hook: a read (most requests) passes without a promise of its own.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (SAFE_METHODS.has(request.method) || !request.identity) {
        done(null, payload);
        return;
      }
      if (request.apiUser) {
        store.invalidate(request.apiUser.id);
        if (request.apiUser.parentUserId) store.invalidate(request.apiUser.parentUserId);
      }
      settle().then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
    });
  },
  { name: 'owner-cache', dependencies: ['db'] },
);
