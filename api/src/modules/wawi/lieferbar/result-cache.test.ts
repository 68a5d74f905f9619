import { createResultCache } from './result-cache';

describe('createResultCache', () => {
  it('reuses a value for ttlMs, then loads again', async () => {
    let now = 0;
    const cache = createResultCache<number>({ ttlMs: 30_000, maxEntries: 10, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('seller', load)).toBe(1);
    now = 29_999;
    expect(await cache.get('seller', load)).toBe(1);
    now = 30_000;
    expect(await cache.get('seller', load)).toBe(2);
  });

  it('shares one load between calls that arrive while it runs', async () => {
    const cache = createResultCache<string>({ ttlMs: 30_000, maxEntries: 10 });
    let loads = 0;
    let release!: (v: string) => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const calls = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    release('counts');
    expect(await Promise.all(calls)).toEqual(['counts', 'counts', 'counts']);
    expect(loads).toBe(1);
  });

  it('keeps no failure: the next call tries again', async () => {
    const cache = createResultCache<string>({ ttlMs: 30_000, maxEntries: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createResultCache<string>({ ttlMs: 30_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('a', async () => {
      reloaded = true;
      return 'a2';
    });
    expect(reloaded).toBe(true);
  });
});
