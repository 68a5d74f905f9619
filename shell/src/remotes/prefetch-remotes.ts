import type { RegistryEntry } from '@portal/shared';
import type { RemoteLoader } from './remote-loader';

type Schedule = (task: () => void) => () => void;

/** Runs `task` when the browser is idle (or after 2 s where requestIdleCallback is missing); returns a cancel. */
export const whenIdle: Schedule = (task) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 2000);
  return () => clearTimeout(handle);
};

/**
 * Loads the registry's remotes one by one in idle time, so a first visit finds them cached. A failure is ignored
 * here: the loader remembers it and the real visit attempts the load again.
 */
export function prefetchRemotes(
  entries: RegistryEntry[],
  loader: RemoteLoader,
  schedule: Schedule = whenIdle,
): () => void {
  let cancelled = false;
  let cancelScheduled = () => undefined as void;
  const queue = [...entries];
  const next = () => {
    const entry = queue.shift();
    if (!entry || cancelled) return;
    cancelScheduled = schedule(() => {
      if (cancelled) return;
      void loader
        .load(entry)
        .catch(() => undefined)
        .finally(next);
    });
  };
  next();
  return () => {
    cancelled = true;
    cancelScheduled();
  };
}
