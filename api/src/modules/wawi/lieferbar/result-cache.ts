/**
 * A small time-limited cache with one shared load per key: many open tabs of one seller read the seller's
 * database once per `ttlMs`. Bounded: the oldest entry goes when `maxEntries` is reached. Failures are not kept.
 */
export function createResultCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const done = new Map<string, { value: T; at: number }>();
  const loading = new Map<string, Promise<T>>();

  function remember(key: string, value: T) {
    done.delete(key);
    while (done.size >= options.maxEntries) done.delete(done.keys().next().value as string);
    done.set(key, { value, at: now() });
  }

  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = done.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      if (hit) done.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;
      const promise = load().then((value) => {
        remember(key, value);
        return value;
      });
      loading.set(key, promise);
      try {
        return await promise;
      } finally {
        loading.delete(key);
      }
    },
    get size() {
      return done.size;
    },
  };
}
