import { isNotFoundError, useHttp, useLoad, useLoading } from '@portal/shared';
import { GPSR_LOADING_FLAG_MS } from '@portal/shared/domain';
import { useEffect, useState } from 'react';
import { fetchGpsrProducts } from '../api';

/** Loads the product list; drives the global spinner while it loads; `reload` keeps the list on screen. */
export function useGpsrProducts(enabled: boolean) {
  const http = useHttp();
  const loading = useLoading();
  return useLoad(
    () =>
      loading.track(fetchGpsrProducts(http)).catch((error: unknown) => {
        if (isNotFoundError(error)) return [];
        throw error;
      }),
    [http, loading],
    enabled,
  );
}

/** A 500 ms loading flag whenever the page or the data changes. */
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
