// Drizzle of the overage approval: the owner's subscription with its license and product (locked while an approval
// starts), its pending overage months, and which invoice they are charged on.
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, licenses, products, subscriptions } from '../../db/schema';

export type OverageEventRow = typeof billingEvents.$inferSelect;

export interface OverageSubscription {
  id: string;
  userId: string;
  status: (typeof subscriptions.$inferSelect)['status'];
  overagePending: boolean;
  productId: string;
  productName: string;
  pluginName: string;
}

/**
 * The subscription `id` of `ownerId` with its product, locked FOR UPDATE until the transaction ends (two approvals
 * of one subscription run one after the other). Null for an unknown or foreign id.
 */
export async function lockOwnedSubscription(db: Db, ownerId: string, id: string): Promise<OverageSubscription | null> {
  const [row] = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      overagePending: subscriptions.overagePending,
      productId: products.id,
      productName: products.name,
      pluginName: products.pluginName,
    })
    .from(subscriptions)
    .innerJoin(licenses, eq(licenses.id, subscriptions.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, ownerId)))
    .for('update', { of: subscriptions });
  return row ?? null;
}

/** The subscription's overage events that also match `conditions`. */
const overageEvents = (subscriptionId: string, ...conditions: SQL[]) =>
  and(eq(billingEvents.subscriptionId, subscriptionId), eq(billingEvents.kind, 'overage'), ...conditions);

/** The months of the subscription whose overage waits for approval (consented, not yet paid), oldest first. */
export function pendingOverageEvents(db: Db, subscriptionId: string): Promise<OverageEventRow[]> {
  return db
    .select()
    .from(billingEvents)
    .where(overageEvents(subscriptionId, eq(billingEvents.status, 'pending')))
    .orderBy(asc(billingEvents.period));
}

/** These months are charged on `invoiceId` (only those not yet on an invoice). */
export async function assignOverageInvoice(
  db: Db,
  subscriptionId: string,
  periods: string[],
  invoiceId: string,
): Promise<void> {
  if (periods.length === 0) return;
  await db
    .update(billingEvents)
    .set({ invoiceId, updatedAt: new Date() })
    .where(overageEvents(subscriptionId, inArray(billingEvents.period, periods), isNull(billingEvents.invoiceId)));
}

/** Remembered for the banner's next Approve (the same page again, not a second invoice). */
export async function setOverageApprovalUrl(db: Db, subscriptionId: string, url: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ overageApprovalUrl: url, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId));
}
