// Drizzle of the payment module: payments (one per checkout), webhook events (once per provider and event id),
// the rows of the post-payment process and what its steps read and write.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import {
  billingEvents,
  licenses,
  LIVE_SUBSCRIPTION_STATUSES,
  paymentEvents,
  payments,
  postPaymentSteps,
  products,
  subscriptions,
  type PaymentEventOutcome,
  type PostPaymentStepName,
} from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PostPaymentStepRow = typeof postPaymentSteps.$inferSelect;

/** The steps of spec §3 in the order they run (see post-payment.ts for what each does here). */
export const POST_PAYMENT_STEPS: readonly PostPaymentStepName[] = [
  'GetOrCreateLocalUser',
  'GetOrCreateGlobalUser',
  'CreateInvoiceInDb',
  'CreatePDFAndUpload',
  'HandleSubscription',
  'SendEmail',
  'SendCallbackToInitiator',
];

export async function insertPayment(
  db: Db,
  values: {
    invoiceId: string;
    provider: string;
    providerRef: string;
    approvalUrl: string;
    amountCents: number;
    currency: string;
    language: Language;
  },
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'Pending' })
    .returning();
  return row;
}

export async function findPaymentByRef(db: Db, provider: string, providerRef: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** The newest payment of an invoice (a retried checkout makes a new one). */
export async function findLatestPayment(db: Db, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** The paid payment of an invoice, if any (there is at most one: see markPaymentPaid). */
export async function findPaidPayment(db: Db, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, ['Paid', 'Refunded'])))
    .limit(1);
  return row ?? null;
}

/** Moves the payment to `set.status` when it is in one of `from`; false when it was not (nothing changes). */
async function movePayment(db: Db, id: string, from: PaymentRow['status'][], set: Partial<PaymentRow>) {
  const rows = await db
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Created/Pending/Failed → Paid. False when it was already paid (a duplicate or replayed event). */
export const markPaymentPaid = (db: Db, id: string, paidAt: Date) =>
  movePayment(db, id, ['Created', 'Pending', 'Failed'], { status: 'Paid', paidAt });

/** Created/Pending → Failed; a paid payment stays paid (an out-of-order cancel changes nothing). */
export const markPaymentFailed = (db: Db, id: string) =>
  movePayment(db, id, ['Created', 'Pending'], { status: 'Failed' });

export const markPaymentRefunded = (db: Db, id: string) => movePayment(db, id, ['Paid'], { status: 'Refunded' });

/**
 * Stores a webhook event once. Returns the stored row and whether this call inserted it (false: the provider sent
 * the same event again).
 */
export async function recordEvent(
  db: Db,
  event: {
    provider: string;
    eventId: string;
    type: string;
    paymentId: string | null;
    outcome: PaymentEventOutcome;
    reason?: string | null;
    payload: unknown;
  },
): Promise<{ inserted: boolean; outcome: PaymentEventOutcome; reason: string | null }> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ ...event, reason: event.reason ?? null })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  if (inserted.length === 1) return { inserted: true, outcome: event.outcome, reason: event.reason ?? null };
  const [existing] = await db
    .select({ outcome: paymentEvents.outcome, reason: paymentEvents.reason })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)))
    .limit(1);
  return { inserted: false, outcome: existing.outcome, reason: existing.reason };
}

/** A stored event that was refused before and is accepted on a later delivery. */
export async function markEventProcessed(db: Db, provider: string, eventId: string, paymentId: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome: 'processed', reason: null, paymentId })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** Creates the step rows of an invoice's post-payment process (idempotent: one row per invoice and step). */
export async function ensureSteps(db: Db, invoiceId: string, paymentId: string): Promise<void> {
  await db
    .insert(postPaymentSteps)
    .values(POST_PAYMENT_STEPS.map((step, seq) => ({ invoiceId, paymentId, step, seq })))
    .onConflictDoNothing({ target: [postPaymentSteps.invoiceId, postPaymentSteps.step] });
}

export function listSteps(db: Db, invoiceId: string): Promise<PostPaymentStepRow[]> {
  return db
    .select()
    .from(postPaymentSteps)
    .where(eq(postPaymentSteps.invoiceId, invoiceId))
    .orderBy(asc(postPaymentSteps.seq));
}

/** Locks one step row for the caller's transaction (a second runner waits, then sees it done). */
export async function lockStep(db: Db, id: string): Promise<PostPaymentStepRow> {
  const [row] = await db.select().from(postPaymentSteps).where(eq(postPaymentSteps.id, id)).for('update');
  return row;
}

export async function completeStep(db: Db, id: string, output: Record<string, unknown>): Promise<void> {
  const now = new Date();
  await db
    .update(postPaymentSteps)
    .set({
      state: 'done',
      output,
      lastError: null,
      attempts: sql`${postPaymentSteps.attempts} + 1`,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(postPaymentSteps.id, id));
}

/** Records a failed attempt; after `maxAttempts` the step is `failed` and no longer resumed by itself. */
export async function failStepAttempt(db: Db, id: string, error: string, maxAttempts: number): Promise<void> {
  await db
    .update(postPaymentSteps)
    .set({
      attempts: sql`${postPaymentSteps.attempts} + 1`,
      lastError: error.slice(0, 2000),
      state: sql`case when ${postPaymentSteps.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(postPaymentSteps.id, id), ne(postPaymentSteps.state, 'done')));
}

/** Invoices whose post-payment process has a step still to run (resumed at start). */
export async function unfinishedProcesses(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ invoiceId: postPaymentSteps.invoiceId })
    .from(postPaymentSteps)
    .where(eq(postPaymentSteps.state, 'pending'));
  return rows.map((r) => r.invoiceId);
}

/** The subscription's overage events that also match `conditions`. */
const overageEvents = (subscriptionId: string, ...conditions: SQL[]) =>
  and(eq(billingEvents.subscriptionId, subscriptionId), eq(billingEvents.kind, 'overage'), ...conditions);

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

/** Post-payment steps: the purchased product (also one withdrawn since), the owner, licenses and subscriptions. */
export async function findProductRow(db: Db, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function findLicenseRow(db: Db, id: string) {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return row;
}

export async function extendLicense(db: Db, id: string, expiresAt: Date | null): Promise<void> {
  await db.update(licenses).set({ expiresAt, status: 'active', updatedAt: new Date() }).where(eq(licenses.id, id));
}

export async function findOwnedSubscription(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .limit(1);
  return row;
}

/** 'Active', 'Inactive' as SQL literals (the predicate of subscriptions_live_product_idx). */
const LIVE_STATUS_LIST = sql.raw(LIVE_SUBSCRIPTION_STATUSES.map((s) => `'${s}'`).join(', '));

/** The seller's live subscription (Active or Inactive) of a plan, if any. */
export async function findLiveSubscription(db: Db, userId: string, productId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.productId, productId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new live subscription, unless the seller already has a live one of the plan (the unique index
 * subscriptions_live_product_idx, also against a parallel insert): then nothing is inserted and the answer is null.
 */
export async function insertSubscriptionUnlessLive(
  db: Db,
  values: typeof subscriptions.$inferInsert & { productId: string },
): Promise<string | null> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    // The index's own predicate, so that PostgreSQL infers the partial index as the conflict target.
    .onConflictDoNothing({
      target: [subscriptions.userId, subscriptions.productId],
      where: sql`status in (${LIVE_STATUS_LIST})`,
    })
    .returning({ id: subscriptions.id });
  return row?.id ?? null;
}

/**
 * A paid renewal: the new period end, and Active again, unless another subscription of the seller's plan is live
 * by now (bought after this one ended): that one stays the only live one and this one keeps its ended status.
 * Returns whether this subscription is live.
 */
export async function renewSubscription(db: Db, id: string, currentPeriodEnd: Date): Promise<boolean> {
  const other = sql`exists (
    select 1 from ${subscriptions} o
    where o.user_id = ${subscriptions.userId} and o.product_id = ${subscriptions.productId}
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
