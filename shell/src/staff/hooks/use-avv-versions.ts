import { apiErrorKey, useHttp } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchAvvVersions } from '../api';
import type { AvvStaffVersion } from '@portal/shared/domain';

export type AvvVersionsState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; versions: AvvStaffVersion[] };

/** Every published AVV version, newest first (GET /avv/versions, staff only). */
export function useAvvVersions() {
  const http = useHttp();
  const [state, setState] = useState<AvvVersionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetchAvvVersions(http).then(
      (versions) => !cancelled && setState({ status: 'ready', versions }),
      (error: unknown) => {
        if (!cancelled)
          setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string; status?: number }) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload, retry };
}
