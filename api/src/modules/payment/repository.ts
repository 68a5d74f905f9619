// Drizzle of the payment module, the only writer of its two tables: payments (one per checkout) and webhook events
// (once per provider and event id).
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import { paymentEvents, payments, type PaymentEventOutcome } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

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
  const existing = (await findStoredEvent(db, event.provider, event.eventId))!;
  return { inserted: false, outcome: existing.outcome, reason: existing.reason };
}

/** A stored event that was refused before and is accepted on a later delivery. */
export async function markEventProcessed(
  db: Db,
  provider: string,
  eventId: string,
  paymentId: string | null,
): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ outcome: 'processed', reason: null, paymentId })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** The invoices among `invoiceIds` whose money arrived: a payment of theirs is Paid, or Refunded after being paid. */
export async function invoicesWithReceivedPayment(db: Db, invoiceIds: string[]): Promise<Set<string>> {
  if (!invoiceIds.length) return new Set();
  const rows = await db
    .selectDistinct({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(inArray(payments.invoiceId, invoiceIds), inArray(payments.status, ['Paid', 'Refunded'])));
  return new Set(rows.map((r) => r.invoiceId));
}

/**
 * Erases the provider events about the payments of these invoices (drafts an account deletion erases): their
 * payloads carry what the provider knew of the payer, and their payment_id would only be set NULL. The payments
 * themselves go with their invoice (ON DELETE CASCADE).
 */
export async function erasePaymentEventsOfInvoices(tx: Db, invoiceIds: string[]): Promise<void> {
  if (!invoiceIds.length) return;
  const ofInvoices = tx.select({ id: payments.id }).from(payments).where(inArray(payments.invoiceId, invoiceIds));
  await tx.delete(paymentEvents).where(inArray(paymentEvents.paymentId, ofInvoices));
}

/** A provider event as stored: how it ended, why, and the payment it was processed for (null: never stored). */
export async function findStoredEvent(
  db: Db,
  provider: string,
  eventId: string,
): Promise<{ outcome: PaymentEventOutcome; reason: string | null; paymentId: string | null } | null> {
  const [row] = await db
    .select({ outcome: paymentEvents.outcome, reason: paymentEvents.reason, paymentId: paymentEvents.paymentId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/**
 * The payment a provider's charge paid, found through the processed event that booked it (its resource id is the
 * charge id: a PayPal sale). The first sale of a subscription pays the purchase's payment, whose ref is the
 * subscription; later sales have payments of their own ref.
 */
export async function findChargePaymentId(db: Db, provider: string, chargeRef: string): Promise<string | null> {
  const [row] = await db
    .select({ paymentId: paymentEvents.paymentId })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.outcome, 'processed'),
        eq(paymentEvents.type, 'PAYMENT.SALE.COMPLETED'),
        sql`${paymentEvents.payload} -> 'resource' ->> 'id' = ${chargeRef}`,
        isNotNull(paymentEvents.paymentId),
      ),
    )
    .limit(1);
  return row?.paymentId ?? null;
}
