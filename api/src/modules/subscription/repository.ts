// Drizzle of the subscription module, the only writer of subscriptions and billing_events: the banner's pending
// overages and cancelling; what the month-end job meters and records; the overage approval (the owner's
// subscription locked while an approval starts, its pending months and the invoice they are charged on); what the
// renewal job reads and writes (due subscriptions, the per-period billing_events row, which makes a second charge of
// one period impossible, with a short per-item lease, and the subscription state transitions); and what a paid
// invoice does to a subscription (a new one, a longer period, a settled overage).
import type { SubscriptionStatus } from '@portal/shared/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingEvents,
  licenses,
  LIVE_SUBSCRIPTION_STATUSES,
  products,
  subscriptions,
  users,
  type ExtraOptionsJson,
  type ScheduledPlanChangeJson,
} from '../../db/schema';
import { deactivateLicenses, startPaymentGrace } from '../license';

export type BillingEventRow = typeof billingEvents.$inferSelect;

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

/** Active subscriptions of plugins whose usage is metered monthly (fresh_desk: the emails sent). */
export async function listMeteredSubscriptions(db: Db, pluginNames: string[]) {
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
    /** Product options with the license's own (bought extras, consent) on top. */
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

/** The subscription `id`, if `ownerId` owns it. */
const owned = (ownerId: string, id: string) => and(eq(subscriptions.id, id), eq(subscriptions.userId, ownerId));

/** The owner's subscription `id`, locked FOR UPDATE until the transaction ends; undefined for an unknown or foreign one. */
async function lockOwned(tx: Db, ownerId: string, id: string) {
  const [row] = await tx.select().from(subscriptions).where(owned(ownerId, id)).for('update');
  return row;
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
    const row = await lockOwned(tx as unknown as Db, ownerId, id);
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

export type ResumeResult =
  | { kind: 'resumed'; id: string; status: SubscriptionStatus; currentPeriodEnd: Date | null }
  | { kind: 'not-found' }
  | { kind: 'not-active'; status: SubscriptionStatus };

/**
 * Undoes "cancel at period end" while the period lasts: the subscription renews again. One already ended (the
 * period is over, or the provider cancelled it) cannot be resumed. Resuming twice changes nothing.
 */
export async function resumeCancelled(db: Db, ownerId: string, id: string, now = new Date()): Promise<ResumeResult> {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx as unknown as Db, ownerId, id);
    if (!row) return { kind: 'not-found' };
    const over = row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
    if (row.status !== 'Active' || over) return { kind: 'not-active', status: over ? 'Cancelled' : row.status };
    if (row.cancelAtPeriodEnd) {
      await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: false, cancelRequestedAt: null, updatedAt: now })
        .where(eq(subscriptions.id, id));
    }
    return { kind: 'resumed', id: row.id, status: row.status, currentPeriodEnd: row.currentPeriodEnd };
  });
}

/**
 * The provider cancelled its subscription `providerRef` (the seller at PayPal, or PayPal itself): it bills no
 * more, so the live subscription is cancelled at period end (usable until then, never renewed). Returns how many.
 */
export async function markCancelledByProvider(db: Db, providerRef: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, cancelRequestedAt: now, updatedAt: now })
    .where(
      and(
        eq(subscriptions.providerRef, providerRef),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/**
 * The subscription `id` of `ownerId` with its product, locked FOR UPDATE until the transaction ends (two approvals
 * of one subscription run one after the other). Null for an unknown or foreign id.
 */
export async function lockOwnedSubscription(db: Db, ownerId: string, id: string) {
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
    .where(owned(ownerId, id))
    .for('update', { of: subscriptions });
  return row ?? null;
}

/** The subscription's overage events that also match `conditions`. */
const overageEvents = (subscriptionId: string, ...conditions: SQL[]) =>
  and(eq(billingEvents.subscriptionId, subscriptionId), eq(billingEvents.kind, 'overage'), ...conditions);

/** The months of the subscription whose overage waits for approval (consented, not yet paid), oldest first. */
export function pendingOverageEvents(db: Db, subscriptionId: string): Promise<BillingEventRow[]> {
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
  /** A plan change waiting for this period end: the renewal switches to it and bills it. */
  scheduledChange: ScheduledPlanChangeJson | null;
}

/** Subscriptions joined with what a renewal needs: the license, its product and the seller. */
const renewalRows = (db: Db) =>
  db
    .select({ sub: subscriptions, license: licenses, product: products, user: users })
    .from(subscriptions)
    .innerJoin(licenses, eq(licenses.id, subscriptions.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(users, eq(users.id, subscriptions.userId));

const dueRenewalOf = ({
  sub,
  license,
  product,
  user,
}: {
  sub: typeof subscriptions.$inferSelect;
  license: typeof licenses.$inferSelect;
  product: typeof products.$inferSelect;
  user: typeof users.$inferSelect;
}): DueRenewal => ({
  id: sub.id,
  userId: sub.userId,
  licenseId: license.id,
  currentPeriodEnd: sub.currentPeriodEnd!,
  product,
  licenseOptions: license.extraOptions,
  user,
  // A plan the seller has not approved at the provider yet is not billed there: the renewal invoices (and grants) the
  // plan the provider still bills, the license's own or the one before a paid upgrade, and a scheduled change waits
  // for the first period end after the approval.
  scheduledChange: sub.providerApproval ? (sub.providerApproval.billed ?? null) : (sub.scheduledChange ?? null),
});

/**
 * The live subscription (Active or Inactive) the provider bills under `providerRef`, as a renewal of its current
 * period: what a failed billing cycle at the provider is recorded against. Null when none is live or it has no period.
 */
export async function findRenewalByProviderRef(db: Db, providerRef: string): Promise<DueRenewal | null> {
  const [row] = await renewalRows(db)
    .where(
      and(
        eq(subscriptions.providerRef, providerRef),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        isNotNull(subscriptions.currentPeriodEnd),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ? dueRenewalOf(row) : null;
}

/**
 * The subscription the payment provider bills as `providerRef` (PayPal: I-…), with what a renewal invoice needs,
 * locked FOR UPDATE until the transaction ends (two charges of one subscription are booked one after the other).
 * Null when no subscription has that reference or it has no period yet.
 */
export async function lockSubscriptionByProviderRef(db: Db, providerRef: string): Promise<DueRenewal | null> {
  const [row] = await renewalRows(db)
    .where(eq(subscriptions.providerRef, providerRef))
    .orderBy(asc(subscriptions.createdAt))
    .limit(1)
    .for('update', { of: subscriptions });
  return row?.sub.currentPeriodEnd ? dueRenewalOf(row) : null;
}

/** The renewal event of one period exists (no lease: a charge the provider made is booked on it). */
export async function ensureRenewalEvent(db: Db, subscriptionId: string, period: string): Promise<void> {
  await db
    .insert(billingEvents)
    .values({ subscriptionId, kind: 'renewal', period, status: 'pending', detail: {} })
    .onConflictDoNothing();
}

/**
 * Active subscriptions not cancelled whose period ends at or before `until`, oldest end first. A subscription whose
 * renewal payment failed is Inactive and not listed again (the seller pays the open invoice).
 */
export async function listDueRenewals(db: Db, until: Date): Promise<DueRenewal[]> {
  const rows = await renewalRows(db)
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
  return rows.map(dueRenewalOf);
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
    await deactivateLicenses(tx as unknown as Db, licenseIds);
    return rows.map((r) => r.id);
  });
}

/** Cancelled at period end and the period is over: Cancelled, and its license inactive. */
export const endCancelledSubscriptions = (db: Db, now: Date) =>
  endPeriods(db, { status: 'Active', cancelAtPeriodEnd: true }, 'Cancelled', now);

/**
 * The renewal payment failed and was not paid before the payment grace ended (the license's payment_grace_until;
 * the period end for a failure recorded without one): Expired, so the seller may buy the plan anew. The license is
 * left as it is: the shared validity rule already reads it as payment overdue, and paying the open renewal invoice
 * restores it.
 */
export async function expireUnpaidSubscriptions(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'Expired', updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.status, 'Inactive'),
        isNotNull(subscriptions.currentPeriodEnd),
        sql`coalesce((SELECT l.payment_grace_until FROM licenses l WHERE l.id = ${subscriptions.licenseId}),
          ${subscriptions.currentPeriodEnd}) <= ${now}`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.map((r) => r.id);
}

/** The renewal event of one subscription period (the billing_events key). */
const eventKey = (subscriptionId: string, period: string) =>
  and(
    eq(billingEvents.subscriptionId, subscriptionId),
    eq(billingEvents.kind, 'renewal'),
    eq(billingEvents.period, period),
  );

/** How long one runner may work on one renewal before another may take it over (a crashed runner). */
export const ITEM_LEASE_MS = 120_000;

/**
 * The renewal of one subscription period: creates its billing_events row once and takes its lease. Null when the
 * period is already settled (done/failed) or another runner holds the lease right now.
 */
export async function claimRenewal(db: Db, subscriptionId: string, period: string): Promise<BillingEventRow | null> {
  await ensureRenewalEvent(db, subscriptionId, period);
  const leaseUntil = new Date(Date.now() + ITEM_LEASE_MS).toISOString();
  const [row] = await db
    .update(billingEvents)
    .set({
      detail: sql`coalesce(${billingEvents.detail}, '{}'::jsonb) || jsonb_build_object('leaseUntil', ${leaseUntil}::text)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eventKey(subscriptionId, period),
        eq(billingEvents.status, 'pending'),
        sql`(${billingEvents.detail}->>'leaseUntil' IS NULL OR (${billingEvents.detail}->>'leaseUntil')::timestamptz < now())`,
      ),
    )
    .returning();
  return row ?? null;
}

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

/** The period of the subscription's renewal that `invoiceId` bills, or null when it bills none. */
export async function findRenewalPeriodOfInvoice(db: Db, subscriptionId: string, invoiceId: string) {
  const [row] = await db
    .select({ period: billingEvents.period })
    .from(billingEvents)
    .where(
      and(
        eq(billingEvents.subscriptionId, subscriptionId),
        eq(billingEvents.kind, 'renewal'),
        eq(billingEvents.invoiceId, invoiceId),
      ),
    )
    .limit(1);
  return row?.period ?? null;
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
 * The renewal payment failed: the event is failed, the subscription Inactive and its license in its payment grace
 * until `graceUntil` (usable until then; the seller pays the open invoice with "Pay now"). One transaction.
 */
export async function markRenewalFailed(
  db: Db,
  subscriptionId: string,
  period: string,
  detail: Record<string, unknown>,
  graceUntil: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select({ licenseId: subscriptions.licenseId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    if (sub?.licenseId) await startPaymentGrace(tx as unknown as Db, sub.licenseId, graceUntil);
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

/**
 * A paid overage invoice (post-payment, once per invoice): its billing events are done, and the subscription's
 * pending overage becomes what is still pending without an invoice (a month closed after the approval started);
 * none left → the banner no longer lists it.
 */
export async function settleOverageEvents(db: Db, subscriptionId: string, invoiceId: string): Promise<number> {
  await db
    .update(billingEvents)
    .set({ status: 'done', updatedAt: new Date() })
    .where(overageEvents(subscriptionId, eq(billingEvents.invoiceId, invoiceId)));
  const [left] = await db
    .select({ cents: sql<number>`coalesce(sum(${billingEvents.amountCents}), 0)::int` })
    .from(billingEvents)
    .where(overageEvents(subscriptionId, eq(billingEvents.status, 'pending')));
  const remaining = Number(left?.cents ?? 0);
  await db
    .update(subscriptions)
    .set({ overagePending: remaining > 0, overageAmount: remaining, overageApprovalUrl: null, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId));
  return remaining;
}

/** The subscription `id` if `userId` owns it (null for an unknown or foreign one). */
export async function findOwnedSubscription(db: Db, id: string, userId: string) {
  const [row] = await db.select().from(subscriptions).where(owned(userId, id)).limit(1);
  return row ?? null;
}

/** 'Active', 'Inactive' as SQL literals (the predicate of subscriptions_live_plugin_idx). */
const LIVE_STATUS_LIST = sql.raw(LIVE_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(', '));

/** The plugin of a product, as SQL (a subscription is unique per seller and plugin). */
const pluginOf = (productId: string) =>
  sql`(select ${products.pluginName} from ${products} where ${products.id} = ${productId})`;

/** The seller's live subscription (Active or Inactive) of the plugin of a plan, if any. */
export async function findLiveSubscription(db: Db, userId: string, productId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, status: subscriptions.status, productId: subscriptions.productId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${subscriptions.pluginName} = ${pluginOf(productId)}`,
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new live subscription, unless the seller already has a live one of the plan's plugin (the unique index
 * subscriptions_live_plugin_idx, also against a parallel insert): then nothing is inserted and the answer is null.
 */
export async function createSubscriptionUnlessLive(
  db: Db,
  values: typeof subscriptions.$inferInsert & { productId: string },
): Promise<string | null> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    // The index's own predicate, so that PostgreSQL infers the partial index as the conflict target.
    .onConflictDoNothing({
      target: [subscriptions.userId, subscriptions.pluginName],
      where: sql`status in (${LIVE_STATUS_LIST})`,
    })
    .returning({ id: subscriptions.id });
  return row?.id ?? null;
}

/**
 * A paid renewal moves the period on: the new period end, and Active again, unless another subscription of the
 * plugin is live by now (bought after this one ended): that one stays the only live one and this one keeps its
 * ended status. Returns whether this subscription is live.
 */
export async function extendSubscriptionPeriod(db: Db, id: string, currentPeriodEnd: Date): Promise<boolean> {
  const other = sql`exists (
    select 1 from ${subscriptions} o
    where o.user_id = ${subscriptions.userId} and o.plugin_name = ${subscriptions.pluginName}
      and o.id <> ${subscriptions.id} and o.status in (${LIVE_STATUS_LIST}))`;
  const [row] = await db
    .update(subscriptions)
    .set({
      currentPeriodEnd,
      status: sql`case when ${other} then ${subscriptions.status} else 'Active' end`,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, id))
    .returning({ status: subscriptions.status });
  return row ? (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status) : false;
}

/** Demo seeder: the subscription of a license, if it has one. */
export async function findSubscriptionOfLicense(db: Db, licenseId: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.licenseId, licenseId))
    .limit(1);
  return row;
}

/** Demo seeder: a subscription as it is given (the seeder's fixed demo states). */
export async function createSubscription(db: Db, values: typeof subscriptions.$inferInsert): Promise<void> {
  await db.insert(subscriptions).values(values);
}

/** Demo seeder: the period end moves with the demo license's moved expiry. */
export async function setSubscriptionPeriodEnd(db: Db, id: string, currentPeriodEnd: Date | null): Promise<void> {
  await db.update(subscriptions).set({ currentPeriodEnd, updatedAt: new Date() }).where(eq(subscriptions.id, id));
}

/** The provider's ref of the license's live subscription that is set to end at `periodEnd` and renew no more. */
export async function findSubscriptionEndingAt(db: Db, licenseId: string, periodEnd: Date): Promise<string | null> {
  const [row] = await db
    .select({ providerRef: subscriptions.providerRef })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.licenseId, licenseId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        eq(subscriptions.cancelAtPeriodEnd, true),
        eq(subscriptions.currentPeriodEnd, periodEnd),
      ),
    )
    .limit(1);
  return row?.providerRef ?? null;
}

/**
 * The live subscription of a license ends at `periodEnd` and renews no more (a refunded period paid ahead: the running
 * period stays usable). Answers the provider's subscription ref (to cancel there), or null.
 */
export async function endSubscriptionAt(db: Db, licenseId: string, periodEnd: Date, now = new Date()) {
  const [row] = await db
    .update(subscriptions)
    .set({
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      cancelRequestedAt: sql`coalesce(${subscriptions.cancelRequestedAt}, ${now})`,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.licenseId, licenseId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])))
    .returning({ providerRef: subscriptions.providerRef });
  return row?.providerRef ?? null;
}

/**
 * A full refund ends the subscription of a license at once: Cancelled (never renewed, nothing left to undo; its
 * license is deactivated by the caller). Returns its provider reference, also for one ended before (a repeated refund event asks
 * the provider again, which answers an ended subscription as cancelled); null without a subscription at a provider.
 */
export async function endRefundedSubscription(db: Db, licenseId: string, now = new Date()): Promise<string | null> {
  await db
    .update(subscriptions)
    .set({
      status: 'Cancelled',
      cancelAtPeriodEnd: true,
      cancelRequestedAt: sql`coalesce(${subscriptions.cancelRequestedAt}, ${now})`,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.licenseId, licenseId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
  const [row] = await db
    .select({ providerRef: subscriptions.providerRef })
    .from(subscriptions)
    .where(and(eq(subscriptions.licenseId, licenseId), isNotNull(subscriptions.providerRef)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.providerRef ?? null;
}
