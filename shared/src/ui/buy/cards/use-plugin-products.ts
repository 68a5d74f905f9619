import type { Product } from '../../../domain/types';
import { ApiError } from '../../../services/api-error';
import { useHttp } from '../../../services/context';
import { useLoad } from '../../../services/use-load';
import type { BuyPlugin } from '../buy-plugins';

/** GET /license/product/plugin/{plugin} (mobile includes mobile_default); "not found" reads as an empty list. */
export function usePluginProducts(plugin: BuyPlugin) {
  const http = useHttp();
  return useLoad(
    (signal) =>
      http
        .get<Product[]>(`/license/product/plugin/${encodeURIComponent(plugin)}`, { signal })
        .catch((error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || /not[- ]found/i.test(error.slug))) return [];
          throw error;
        }),
    [http, plugin],
  );
}
