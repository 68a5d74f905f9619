import { apiErrorKey, useHttp } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchRegistryEntries } from '../api';
import type { StaffRegistryEntry } from '@portal/shared/domain';

export type RegistryEntriesState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; entries: StaffRegistryEntry[] };

/** Every registry entry (also disabled ones), in dashboard order; `reload` after a change or a failure. */
export function useRegistryEntries() {
  const http = useHttp();
  const [state, setState] = useState<RegistryEntriesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchRegistryEntries(http).then(
      (entries) => {
        if (cancelled) return;
        const sorted = [...entries].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
        setState({ status: 'ready', entries: sorted });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string; status?: number }) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, attempt]);

  /** Loads again; keeps the current list on screen meanwhile (only the first load shows the loading state). */
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload, retry };
}
