import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** A load's outcome on screen: still loading, failed (the error picks the text; offer a retry), or its data. */
export type LoadState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export interface Load<T> {
  state: LoadState<T>;
  /** Shows the loading state and loads again (the Retry button after a failure). */
  retry(): void;
  /** Loads again while the current state stays on screen (after a change the caller made). */
  reload(): void;
  /** Changes the loaded data in place (after a mutation); does nothing while nothing is loaded. */
  update(change: (data: T) => T): void;
}

const showLoading = <T>(state: LoadState<T>): LoadState<T> =>
  state.status === 'loading' ? state : { status: 'loading' };

/**
 * Runs `load` on mount and whenever `deps` change (as an effect would; lint checks `deps` like an effect's), showing
 * the loading state meanwhile. The next load (deps change, retry, reload) and the unmount abort the signal of the one
 * before, whose outcome is then dropped: the latest load wins. The signal also aborts when finished data is
 * superseded or unmounted, so a load can tie a clean-up to it. While `enabled` is false nothing loads and the state
 * stays as it is.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, enabled = true): Load<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const quiet = useRef(false);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    if (!quiet.current) setState(showLoading);
    quiet.current = false;
    new Promise<T>((resolve) => resolve(load(controller.signal))).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
    // `load` is a new function on every render; what it reads is in the caller's `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const reload = useCallback(() => {
    quiet.current = true;
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
    [],
  );
  return { state, retry, reload, update };
}
