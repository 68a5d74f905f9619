import { useCallback, useEffect, useState } from 'react';
import { apiErrorKey, isNotFoundError, useHttp } from '@portal/shared';
import type { License, Page } from '@portal/shared/domain';
import { fetchLicensePage, LICENSE_PAGE_SIZE } from '../api';

export type LicensePageState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; page: Page<License> };

/** Loads one server-side page of the user's licenses; `reload` retries after a failure. */
export function useLicensePage(page: number, pageSize = LICENSE_PAGE_SIZE) {
  const http = useHttp();
  const [state, setState] = useState<LicensePageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    fetchLicensePage(http, page, pageSize).then(
      (result) => {
        if (!cancelled) setState({ status: 'ready', page: result });
      },
      (error: unknown) => {
        if (cancelled) return;
        // Spec §8: a "not found" answer means the user simply has no licenses.
        if (isNotFoundError(error)) setState({ status: 'ready', page: { items: [], total: 0, page, pageSize } });
        else setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string; status?: number }) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, page, pageSize, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
