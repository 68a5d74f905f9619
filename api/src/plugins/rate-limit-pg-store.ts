import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/**
 * A busy counter: the increments of its statement in flight, those queued for the next (null: answered already), and
 * the timer that sends the next when all of those were answered already (see FLUSH_DELAY_MS).
 */
type Slot = { inFlight: number; queued: (Callback | null)[]; timer?: NodeJS.Timeout };

/** How often (in increments) this instance sweeps counters that expired more than a minute ago. */
const SWEEP_EVERY = 500;

/**
 * How long the increments of requests that passed at once (clearly under the limit) may gather before they go to the
 * database together. Without the wait, a counter under steady load had a statement in flight all the time (one per
 * round trip, hundreds a second for one caller); with it, about ten a second. A request that waits for the count
 * sends them at once.
 */
export const FLUSH_DELAY_MS = 100;

/**
 * A @fastify/rate-limit store in PostgreSQL (table `rate_limit_counters`), so several api instances on one database
 * count together. One statement per counter at a time: the counter is created, reset when its window passed, or
 * incremented, and the window's remaining milliseconds come back with it. Expired rows are swept now and then.
 *
 * A failing statement is reported to `onError` and passed on (the plugin's skipOnError lets the request through).
 * `db` is a getter: the store is built when the rate-limit plugin registers, before the database plugin.
 */
export function pgRateLimitStore(db: () => Db, onError: (err: unknown) => void) {
  let increments = 0;
  /** Each counter's count and window end as the last statement for it returned them (this process's clock). */
  const known = new Map<string, { count: number; expiresAt: number }>();

  /**
   * While a counter is busy (a statement in flight, or answered increments gathering), a request that keeps the count
   * at most half the limit by what this instance knows (the database's last answer plus the increments sent or queued
   * since) need not wait: it passes at once and its increment goes in the next statement. Other instances' increments since that
   * answer are not seen, so near the limit every request waits for the database's own count (which decides).
   */
  function clearlyUnder(slot: string, state: Slot, max: number | undefined) {
    const last = known.get(slot);
    if (!last || max === undefined) return null;
    const ttl = last.expiresAt - Date.now();
    const current = last.count + state.inFlight + state.queued.length + 1;
    // A window about to end is left to the database, which resets it.
    if (ttl < 1000 || current > max / 2) return null;
    return { current, ttl };
  }
  /**
   * Counters with a statement in flight, and the increments that arrived meanwhile. Those go to the database as one
   * statement adding all of them (each caller still gets its own count, as if they had come one by one), so callers
   * of one counter (one address under load) do not queue on its row lock one statement at a time.
   */
  const waiting = new Map<string, Slot>();

  /** Sends the queued increments of a counter with no statement in flight. */
  function flush(id: string, window: number, slot: string, state: Slot): void {
    clearTimeout(state.timer);
    state.timer = undefined;
    const queued = state.queued;
    state.queued = [];
    add(id, window, queued, slot);
  }

  function add(id: string, window: number, callbacks: (Callback | null)[], slot: string): void {
    const n = callbacks.length;
    const state = waiting.get(slot)!;
    state.inFlight = n;
    const next = () => {
      state.inFlight = 0;
      if (state.queued.length === 0) {
        // An idle counter: the next request goes to the database anyway (this map holds only busy counters).
        waiting.delete(slot);
        known.delete(slot);
      } else if (state.queued.every((callback) => callback === null)) {
        // Nobody waits for these: they gather a little longer (incr() sends them at once when somebody does).
        state.timer = setTimeout(() => flush(id, window, slot, state), FLUSH_DELAY_MS);
        state.timer.unref();
      } else {
        flush(id, window, slot, state);
      }
    };
    db()
      .execute(
        sql`INSERT INTO rate_limit_counters AS c (key, count, expires_at)
            VALUES (${id}, ${n}::int, clock_timestamp() + make_interval(secs => ${window / 1000}))
            ON CONFLICT (key) DO UPDATE SET
              count = CASE WHEN c.expires_at <= clock_timestamp() THEN ${n}::int ELSE c.count + ${n}::int END,
              expires_at = CASE WHEN c.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE c.expires_at END
            RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - clock_timestamp())) * 1000))::float8 AS ttl`,
      )
      .then(
        (result) => {
          const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
          const last = Number(row.count);
          const ttl = Number(row.ttl);
          known.set(slot, { count: last, expiresAt: Date.now() + ttl });
          callbacks.forEach((callback, i) => callback?.(null, { current: last - n + 1 + i, ttl }));
          if (++increments % SWEEP_EVERY === 0) {
            db()
              .execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < clock_timestamp() - interval '1 minute'`)
              .catch(onError);
          }
          next();
        },
        (err: Error) => {
          onError(err);
          known.delete(slot);
          for (const callback of callbacks) callback?.(err);
          next();
        },
      );
  }

  return class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max?: number): void {
      const id = `${this.prefix}${key}`;
      const window = Math.max(1, Math.round(timeWindow));
      const slot = `${window} ${id}`;
      const state = waiting.get(slot);
      if (!state) {
        waiting.set(slot, { inFlight: 0, queued: [] });
        add(id, window, [callback], slot);
        return;
      }
      const answer = clearlyUnder(slot, state, max);
      if (answer) {
        // Counted with the next statement; the caller goes on at once.
        state.queued.push(null);
        callback(null, answer);
        return;
      }
      state.queued.push(callback);
      // Increments were gathering with no statement in flight: this caller waits for the count, so they go now.
      if (state.timer) flush(id, window, slot, state);
    }

    /** The counter without counting (`{ increment: false }` checks). */
    read(key: string, callback: Callback): void {
      const id = `${this.prefix}${key}`;
      db()
        .execute(
          sql`SELECT count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - clock_timestamp())) * 1000))::float8 AS ttl
              FROM rate_limit_counters WHERE key = ${id} AND expires_at > clock_timestamp()`,
        )
        .then((result) => {
          const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
          callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        }, callback);
    }

    /** A route with limits of its own counts under its own prefix (as the Redis store does). */
    child(routeOptions: ChildOptions): PgRateLimitStore {
      // At run time the plugin passes the route as `routeInfo` (its types name only the merged options).
      const route = (routeOptions as unknown as { routeInfo?: { method: string; url: string } }).routeInfo;
      const name = route ? `${route.method}${route.url}` : `${String(routeOptions.method)}${routeOptions.url}`;
      return new PgRateLimitStore(undefined, `${this.prefix}${name}-`);
    }
  };
}
