import { z } from 'zod';

/** One shipping type with its pending (deliverable, not yet shipped) orders. */
export const lieferbarOrderCountSchema = z.object({
  /** Name of the shipping method in the seller's order database; null for orders without one. */
  shippingType: z.string().nullable(),
  pendingCount: z.number().int().min(0),
});
export type LieferbarOrderCount = z.infer<typeof lieferbarOrderCountSchema>;

/** GET /wawi/lieferbar/orders: status, data with totalCount and orders. */
export const lieferbarOrdersResponseSchema = z.object({
  status: z.literal('ok'),
  data: z.object({
    totalCount: z.number().int().min(0),
    orders: z.array(lieferbarOrderCountSchema),
    /** When the counts were read from the seller's database (answers are cached for a short while). */
    readAt: z.string(),
  }),
});
export type LieferbarOrdersResponse = z.infer<typeof lieferbarOrdersResponseSchema>;

/** How long one seller's counts are reused before the database is asked again. */
export const LIEFERBAR_CACHE_MS = 30_000;

/** The cards to show: shipping types with a pending count above 0, largest first, then by name. */
export function visibleShippingTypes(orders: readonly LieferbarOrderCount[]): LieferbarOrderCount[] {
  return orders
    .filter((o) => o.pendingCount > 0)
    .sort((a, b) => b.pendingCount - a.pendingCount || (a.shippingType ?? '').localeCompare(b.shippingType ?? ''));
}
