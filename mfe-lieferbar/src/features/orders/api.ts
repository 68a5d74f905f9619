import type { HttpClient } from '@portal/shared';
import type { LieferbarOrdersResponse } from '@portal/shared/domain';

/** GET /wawi/lieferbar/orders: pending orders per shipping type of the seller's (or the parent's) database. */
export async function fetchPendingOrders(
  http: HttpClient,
  options: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<LieferbarOrdersResponse['data']> {
  const response = await http.get<LieferbarOrdersResponse>('/wawi/lieferbar/orders', options);
  return response.data;
}
