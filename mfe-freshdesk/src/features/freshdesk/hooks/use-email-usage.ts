import { apiErrorKey, useHttp } from '@portal/shared';
import type { LicenseUsage } from '@portal/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchEmailUsage } from '../api';

/** This month's email usage: loading, ready, none (the api knows no valid license: nothing to show) or error. */
export type EmailUsageState =
  | { status: 'loading' }
  | { status: 'ready'; usage: LicenseUsage }
  | { status: 'none' }
  | { status: 'error'; errorKey: string };

export function useEmailUsage(enabled: boolean) {
  const http = useHttp();
  const [state, setState] = useState<EmailUsageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchEmailUsage(http, controller.signal).then(
      (usage) => {
        if (!controller.signal.aborted) setState({ status: 'ready', usage });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const e = error as { slug?: string };
        if (e?.slug === 'license-required') setState({ status: 'none' });
        else setState({ status: 'error', errorKey: apiErrorKey(e) });
      },
    );
    return () => controller.abort();
  }, [http, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
