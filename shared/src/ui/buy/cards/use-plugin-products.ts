import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../../../domain/types';
import { ApiError } from '../../../services/api-error';
import { useHttp } from '../../../services/context';
import type { BuyPlugin } from '../buy-plugins';

export type ProductsState =
  { kind: 'loading' } | { kind: 'ready'; products: Product[] } | { kind: 'error'; error: unknown };

/** GET /license/product/plugin/{plugin} (mobile includes mobile_default); "not found" reads as an empty list (spec §8). */
export function usePluginProducts(plugin: BuyPlugin) {
  const http = useHttp();
  const [state, setState] = useState<ProductsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    http
      .get<Product[]>(`/license/product/plugin/${encodeURIComponent(plugin)}`, { signal: controller.signal })
      .then((products) => setState({ kind: 'ready', products }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || /not[- ]found/i.test(error.slug))) {
          setState({ kind: 'ready', products: [] });
        } else {
          setState({ kind: 'error', error });
        }
      });
    return () => controller.abort();
  }, [http, plugin, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
