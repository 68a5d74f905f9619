import type { HttpClient } from '@portal/shared';
import type { GpsrDeleteResponse, GpsrProductListItem, GpsrVersion } from '@portal/shared/domain';

/** GET /gpsr/products — the whole list; the page shows it 8 at a time. */
export function fetchGpsrProducts(http: HttpClient): Promise<GpsrProductListItem[]> {
  return http.get<GpsrProductListItem[]>('/gpsr/products');
}

export function deleteGpsrProduct(http: HttpClient, id: string): Promise<GpsrDeleteResponse> {
  return http.del<GpsrDeleteResponse>(`/gpsr/product/${encodeURIComponent(id)}/delete`);
}

/** A released version of a deleted product. */
export type RetainedVersion = GpsrVersion & { productId: string; productName: string };

/** Released versions of deleted products, still within their 10-year retention. */
export function fetchRetainedVersions(http: HttpClient): Promise<RetainedVersion[]> {
  return http.get<RetainedVersion[]>('/gpsr/versions/retained');
}
