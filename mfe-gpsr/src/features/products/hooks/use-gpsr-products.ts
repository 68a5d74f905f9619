import { apiErrorKey, isNotFoundError, useHttp, useLoading } from '@portal/shared';
import { GPSR_LOADING_FLAG_MS, type GpsrProductListItem } from '@portal/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchGpsrProducts } from '../api';

export type GpsrProductsState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; products: GpsrProductListItem[] };

/** Loads the product list; drives the global spinner while it loads (spec §4). */
export function useGpsrProducts(enabled: boolean) {
  const http = useHttp();
  const loading = useLoading();
  const [state, setState] = useState<GpsrProductsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    loading.begin();
    fetchGpsrProducts(http)
      .then(
        (products) => !cancelled && setState({ status: 'ready', products }),
        (error: unknown) => {
          if (cancelled) return;
          if (isNotFoundError(error)) setState({ status: 'ready', products: [] });
          else setState({ status: 'error', errorKey: apiErrorKey(error as { slug?: string; status?: number }) });
        },
      )
      .finally(() => loading.end());
    return () => {
      cancelled = true;
    };
  }, [http, loading, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}

/** Spec §4/§9: a 500 ms loading flag whenever the page or the data changes. */
export function useLoadingFlag(...deps: unknown[]): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    setFlag(true);
    const timer = setTimeout(() => setFlag(false), GPSR_LOADING_FLAG_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return flag;
}
