// The subscription side of a plan change (this module alone writes subscriptions): the seller's live subscription
// of a plugin, locked while a change is priced and recorded; a change scheduled for the period end; and the plan a
// subscription bills once a change took effect.
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  licenses,
  LIVE_SUBSCRIPTION_STATUSES,
  products,
  subscriptions,
  type ProviderApprovalJson,
  type ScheduledPlanChangeJson,
} from '../../db/schema';

/**
 * The one subscription `where` picks, with its license and plan, locked FOR UPDATE until the transaction ends (two
 * plan changes of one subscription run one after the other). Null when there is none.
 */
async function lockSubscriptionWithPlan(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({ subscription: subscriptions, license: licenses, product: products })
    .from(subscriptions)
    .innerJoin(licenses, eq(licenses.id, subscriptions.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(where)
    .limit(1)
    .for('update', { of: subscriptions });
  return row ?? null;
}

/** The seller's live subscription of `pluginName` with its license and plan, locked; null when the seller has none. */
export async function lockLiveSubscriptionOfPlugin(db: Db, userId: string, pluginName: string) {
  return lockSubscriptionWithPlan(
    db,
    and(
      eq(subscriptions.userId, userId),
      eq(subscriptions.pluginName, pluginName),
      inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
    ),
  );
}

export type LiveSubscriptionOfPlugin = NonNullable<Awaited<ReturnType<typeof lockLiveSubscriptionOfPlugin>>>;

/** The subscription `id` of `userId` with its license and plan, locked; null for an unknown or foreign id. */
export async function lockOwnedSubscriptionWithPlan(db: Db, userId: string, id: string) {
  return lockSubscriptionWithPlan(db, and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
}

/** Records (or, with null, withdraws) the plan change that waits for the subscription's period end. */
export async function setScheduledPlanChange(
  db: Db,
  id: string,
  change: ScheduledPlanChangeJson | null,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ scheduledChange: change, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/**
 * A change took effect (the license is of the new plan by now): the subscription bills per the new plan's period
 * from its next renewal, and no change waits any more, nor an approval at the provider of another plan.
 */
export async function applyPlanToSubscription(
  db: Db,
  id: string,
  periodUnit: (typeof subscriptions.$inferInsert)['periodUnit'],
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ periodUnit, scheduledChange: null, providerApproval: null, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/**
 * The provider asks the seller to approve the revised plan (or, with null, asks nothing): until the approval arrives
 * the provider bills the old plan, /licenses offers the link, and a scheduled change waits.
 */
export async function setProviderApproval(db: Db, id: string, approval: ProviderApprovalJson | null): Promise<void> {
  await db
    .update(subscriptions)
    .set({ providerApproval: approval, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/**
 * The provider reports that its subscription `providerRef` bills `planRef` now: the approval that waited for exactly
 * that plan is done. An older plan's approval (the seller changed plan again since) stays. Returns whether one was.
 */
export async function confirmProviderApproval(db: Db, providerRef: string, planRef: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ providerApproval: null, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.providerRef, providerRef),
        isNotNull(subscriptions.providerApproval),
        sql`${subscriptions.providerApproval}->>'plan_ref' = ${planRef}`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
