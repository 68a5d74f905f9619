// What the renewal job reads and writes: due subscriptions, the per-period billing_events row (the key that makes a
// second charge of one period impossible) with a short per-item lease, and the subscription state transitions.
import type { SubscriptionStatus } from '@portal/shared/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingEvents,
  invoices,
  licenses,
  products,
  subscriptions,
  users,
  type ExtraOptionsJson,
} from '../../db/schema';

export type BillingEventRow = typeof billingEvents.$inferSelect;

export interface DueRenewal {
  id: string;
  userId: string;
  licenseId: string;
  currentPeriodEnd: Date;
  /** The product the license was bought as (also a withdrawn one: it is still renewed). */
  product: typeof products.$inferSelect;
  /** The license's own options: bought extras and the auto-upgrade consent. */
  licenseOptions: ExtraOptionsJson;
  user: typeof users.$inferSelect;
}

/**
 * Active subscriptions not cancelled whose period ends at or before `until`, oldest end first. A subscription whose
 * renewal payment failed is Inactive and not listed again (the seller pays the open invoice).
 */
export async function listDueRenewals(db: Db, until: Date): Promise<DueRenewal[]> {
  const rows = await db
    .select({ sub: subscriptions, license: licenses, product: products, user: users })
    .from(subscriptions)
    .innerJoin(licenses, eq(licenses.id, subscriptions.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'Active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNotNull(subscriptions.currentPeriodEnd),
        lte(subscriptions.currentPeriodEnd, until),
        eq(products.licenseType, 'subscription'),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id));
  return rows.map(({ sub, license, product, user }) => ({
    id: sub.id,
    userId: sub.userId,
    licenseId: license.id,
    currentPeriodEnd: sub.currentPeriodEnd!,
    product,
    licenseOptions: license.extraOptions,
    user,
  }));
}

/** Moves every subscription in `from` whose period ended at or before `now` to `to`; returns their ids. */
async function endPeriods(
  db: Db,
  from: { status: SubscriptionStatus; cancelAtPeriodEnd?: boolean },
  to: SubscriptionStatus,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(subscriptions)
      .set({ status: to, updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.status, from.status),
          from.cancelAtPeriodEnd === undefined
            ? undefined
            : eq(subscriptions.cancelAtPeriodEnd, from.cancelAtPeriodEnd),
          isNotNull(subscriptions.currentPeriodEnd),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .returning({ id: subscriptions.id, licenseId: subscriptions.licenseId });
    // The license ends with its subscription (plugins' checks answer INACTIVE); paying a late renewal invoice
    // makes it active again (post-payment).
    const licenseIds = rows.map((r) => r.licenseId).filter((id): id is string => id != null);
    if (licenseIds.length) {
      await tx
        .update(licenses)
        .set({ status: 'inactive', updatedAt: new Date() })
        .where(and(inArray(licenses.id, licenseIds), eq(licenses.status, 'active')));
    }
    return rows.map((r) => r.id);
  });
}

/** Cancelled at period end and the period is over: Cancelled, and its license inactive. */
export const endCancelledSubscriptions = (db: Db, now: Date) =>
  endPeriods(db, { status: 'Active', cancelAtPeriodEnd: true }, 'Cancelled', now);

/** The renewal payment failed and was not paid before the period ended: Expired, and its license inactive. */
export const expireUnpaidSubscriptions = (db: Db, now: Date) => endPeriods(db, { status: 'Inactive' }, 'Expired', now);

/** How long one runner may work on one renewal before another may take it over (a crashed runner). */
export const ITEM_LEASE_MS = 120_000;

/**
 * The renewal of one subscription period: creates its billing_events row once and takes its lease. Null when the
 * period is already settled (done/failed) or another runner holds the lease right now.
 */
export async function claimRenewal(db: Db, subscriptionId: string, period: string): Promise<BillingEventRow | null> {
  await db
    .insert(billingEvents)
    .values({ subscriptionId, kind: 'renewal', period, status: 'pending', detail: {} })
    .onConflictDoNothing();
  const leaseUntil = new Date(Date.now() + ITEM_LEASE_MS).toISOString();
  const [row] = await db
    .update(billingEvents)
    .set({
      detail: sql`coalesce(${billingEvents.detail}, '{}'::jsonb) || jsonb_build_object('leaseUntil', ${leaseUntil}::text)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(billingEvents.subscriptionId, subscriptionId),
        eq(billingEvents.kind, 'renewal'),
        eq(billingEvents.period, period),
        eq(billingEvents.status, 'pending'),
        sql`(${billingEvents.detail}->>'leaseUntil' IS NULL OR (${billingEvents.detail}->>'leaseUntil')::timestamptz < now())`,
      ),
    )
    .returning();
  return row ?? null;
}

const eventKey = (subscriptionId: string, period: string) =>
  and(
    eq(billingEvents.subscriptionId, subscriptionId),
    eq(billingEvents.kind, 'renewal'),
    eq(billingEvents.period, period),
  );

/** Ties the period's renewal invoice to its event, only if none is tied yet (false: another runner was first). */
export async function attachRenewalInvoice(
  db: Db,
  subscriptionId: string,
  period: string,
  invoiceId: string,
  amountCents: number,
): Promise<boolean> {
  const rows = await db
    .update(billingEvents)
    .set({ invoiceId, amountCents, updatedAt: new Date() })
    .where(and(eventKey(subscriptionId, period), isNull(billingEvents.invoiceId)))
    .returning({ invoiceId: billingEvents.invoiceId });
  return rows.length > 0;
}

export async function findRenewalEvent(db: Db, subscriptionId: string, period: string) {
  const [row] = await db.select().from(billingEvents).where(eventKey(subscriptionId, period)).limit(1);
  return row ?? null;
}

/** The event's detail without its item lease (the runner is done with the item). */
const detailWithoutLease = () => sql`coalesce(${billingEvents.detail}, '{}'::jsonb) - 'leaseUntil'`;

/** Lets go of the lease (the run is over for this item but the period is not settled, e.g. PayPal still bills). */
export async function releaseRenewal(db: Db, subscriptionId: string, period: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ detail: detailWithoutLease(), updatedAt: new Date() })
    .where(eventKey(subscriptionId, period));
}

/** The renewal invoice was paid: the event is done (the post-payment process moved the period on). */
export async function markRenewalDone(db: Db, subscriptionId: string, period: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ status: 'done', detail: detailWithoutLease(), updatedAt: new Date() })
    .where(eventKey(subscriptionId, period));
}

/**
 * The automatic charge was declined: the event is failed and the subscription Inactive (still usable until its
 * period ends; the seller pays the open invoice from /licenses). One transaction.
 */
export async function markRenewalFailed(
  db: Db,
  subscriptionId: string,
  period: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(billingEvents)
      .set({
        status: 'failed',
        detail: sql`(${detailWithoutLease()}) || ${JSON.stringify(detail)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eventKey(subscriptionId, period));
    await tx
      .update(subscriptions)
      .set({ status: 'Inactive', updatedAt: new Date() })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'Active')));
  });
}

/** Records in the event that the seller was told about the failed payment (so a resumed run does not mail twice). */
export async function markRenewalNotified(db: Db, subscriptionId: string, period: string): Promise<void> {
  await db
    .update(billingEvents)
    .set({ detail: sql`coalesce(${billingEvents.detail}, '{}'::jsonb) || '{"notified": true}'::jsonb` })
    .where(eventKey(subscriptionId, period));
}

/** A draft that lost the race to be the period's invoice: removed (never numbered, never charged). */
export async function deleteUnusedDraft(db: Db, invoiceId: string): Promise<void> {
  await db.delete(invoices).where(and(eq(invoices.id, invoiceId), isNull(invoices.invoiceNumber)));
}

/**
 * Renewal events whose invoice got paid outside a run (Pay now after a declined charge, PayPal's own billing, or a
 * runner that died right after the charge): done. Returns how many.
 */
export async function settlePaidRenewals(db: Db): Promise<number> {
  const rows = await db
    .update(billingEvents)
    .set({ status: 'done', detail: detailWithoutLease(), updatedAt: new Date() })
    .where(
      and(
        eq(billingEvents.kind, 'renewal'),
        inArray(billingEvents.status, ['pending', 'failed']),
        sql`EXISTS (SELECT 1 FROM invoices i WHERE i.id = ${billingEvents.invoiceId} AND i.status = 'Paid')`,
      ),
    )
    .returning({ id: billingEvents.subscriptionId });
  return rows.length;
}
