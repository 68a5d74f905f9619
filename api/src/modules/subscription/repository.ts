import type { DurationUnit, SubscriptionStatus } from '@portal/shared/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, licenses, products, subscriptions, type ExtraOptionsJson } from '../../db/schema';

/** Active subscriptions of the account whose overage waits for approval, oldest first. */
export function listOveragePending(db: Db, ownerId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, ownerId),
        eq(subscriptions.overagePending, true),
        eq(subscriptions.status, 'Active'),
      ),
    )
    .orderBy(asc(subscriptions.createdAt));
}

export interface MeteredSubscription {
  id: string;
  userId: string;
  licenseId: string;
  pluginName: string;
  durationUnit: DurationUnit | null;
  /** Product options with the license's own (bought extras, consent) on top. */
  options: ExtraOptionsJson;
}

/** Active subscriptions of plugins whose usage is metered monthly (spec §9: fresh_desk emails). */
export async function listMeteredSubscriptions(db: Db, pluginNames: string[]): Promise<MeteredSubscription[]> {
  const rows = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      licenseId: licenses.id,
      pluginName: products.pluginName,
      durationUnit: products.durationUnit,
      productOptions: products.extraOptions,
      licenseOptions: licenses.extraOptions,
    })
    .from(subscriptions)
    .innerJoin(licenses, eq(licenses.id, subscriptions.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(subscriptions.status, 'Active'), inArray(products.pluginName, pluginNames)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  return rows.map(({ productOptions, licenseOptions, ...row }) => ({
    ...row,
    options: { ...productOptions, ...licenseOptions },
  }));
}

/**
 * Records a month's overage of a subscription once (the billing_events key): with the seller's auto-upgrade consent
 * it becomes a pending overage to approve (banner), without it it is only recorded. Returns false when this
 * subscription's overage for the period was already recorded (a resumed or repeated run).
 */
export async function recordOverage(
  db: Db,
  input: {
    subscriptionId: string;
    period: string;
    amountCents: number;
    consent: boolean;
    detail: Record<string, unknown>;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({
        subscriptionId: input.subscriptionId,
        kind: 'overage',
        period: input.period,
        status: input.consent ? 'pending' : 'skipped',
        amountCents: input.amountCents,
        detail: { ...input.detail, ...(input.consent ? {} : { reason: 'no-auto-upgrade-consent' }) },
      })
      .onConflictDoNothing()
      .returning({ period: billingEvents.period });
    if (inserted.length === 0) return false;
    if (input.consent) {
      await tx
        .update(subscriptions)
        .set({
          overagePending: true,
          overageAmount: sql`${subscriptions.overageAmount} + ${input.amountCents}`,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, input.subscriptionId));
    }
    return true;
  });
}

export type CancelResult =
  | { kind: 'cancelled'; id: string; status: SubscriptionStatus; currentPeriodEnd: Date | null }
  | { kind: 'not-found' }
  | { kind: 'not-active'; status: SubscriptionStatus };

/**
 * Cancels an owner's subscription at the end of its period: it stays Active and usable until current_period_end,
 * then the renewal job ends it instead of charging. Cancelling twice changes nothing.
 */
export async function cancelAtPeriodEnd(db: Db, ownerId: string, id: string, now = new Date()): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, ownerId)))
      .for('update');
    if (!row) return { kind: 'not-found' };
    if (row.status !== 'Active') return { kind: 'not-active', status: row.status };
    if (!row.cancelAtPeriodEnd) {
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, cancelRequestedAt: now, updatedAt: now })
        .where(eq(subscriptions.id, id));
    }
    return { kind: 'cancelled', id: row.id, status: row.status, currentPeriodEnd: row.currentPeriodEnd };
  });
}
