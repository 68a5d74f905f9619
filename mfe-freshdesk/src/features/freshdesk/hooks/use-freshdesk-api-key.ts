import { apiErrorKey, useHttp } from '@portal/shared';
import { isValidFreshdeskApiKey } from '@portal/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchFreshdeskApiKey } from '../api';

/** Spec §3 Freshdesk key state (apiKey, loading, error), plus 'invalid' for a key with a colon (spec §5). */
export type FreshdeskApiKeyState =
  | { status: 'loading' }
  | { status: 'ready'; apiKey: string }
  | { status: 'invalid' }
  | { status: 'license-required' }
  | { status: 'error'; errorKey: string };

export function useFreshdeskApiKey(enabled: boolean) {
  const http = useHttp();
  const [state, setState] = useState<FreshdeskApiKeyState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchFreshdeskApiKey(http, controller.signal).then(
      (key) => {
        if (controller.signal.aborted) return;
        setState(isValidFreshdeskApiKey(key) ? { status: 'ready', apiKey: key } : { status: 'invalid' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const e = error as { slug?: string; status?: number };
        // The api checks the license too: its answer wins over the session's (e.g. expired meanwhile).
        if (e?.slug === 'license-required') setState({ status: 'license-required' });
        else setState({ status: 'error', errorKey: apiErrorKey(e) });
      },
    );
    return () => controller.abort();
  }, [http, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
