// Expiry of checkout invoices: the draft a purchase makes (POST /invoice) is payable for CHECKOUT_EXPIRY_HOURS. After
// that it is Expired: listed so, never numbered, and a payment that still arrives does not make it an invoice. One
// rule (isExpiredCheckout) answers on read, so every instance agrees at once; the scheduled job and the payment
// claim write it down with conditional updates, so concurrent instances cannot disagree either.
import { CHECKOUT_EXPIRY_HOURS } from '@portal/shared/domain';
import { and, eq, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, type PaymentStatus } from '../../db/schema';
import { lockInvoiceRow, type InvoiceRow } from './repository';

export const CHECKOUT_EXPIRY_MS = CHECKOUT_EXPIRY_HOURS * 60 * 60 * 1000;

/** Statuses of a checkout draft that has received no money: Failed too (a cancelled payment could be retried). */
const UNPAID_DRAFT_STATUSES = ['Created', 'Pending', 'Failed'] as const satisfies readonly PaymentStatus[];

type ExpiryFacts = Pick<InvoiceRow, 'purchaseProductId' | 'invoiceNumber' | 'paidAt' | 'status' | 'createdAt'>;

/**
 * A checkout draft (made by POST /invoice; renewal and overage drafts have no purchaseProductId and follow their own
 * rules) with no number and no money received, made CHECKOUT_EXPIRY_HOURS or longer ago; or one already marked so.
 */
export function isExpiredCheckout(row: ExpiryFacts, now: Date = new Date()): boolean {
  if (row.status === 'Expired') return true;
  return (
    row.purchaseProductId !== null &&
    row.invoiceNumber === null &&
    row.paidAt === null &&
    (UNPAID_DRAFT_STATUSES as readonly string[]).includes(row.status) &&
    now.getTime() - row.createdAt.getTime() >= CHECKOUT_EXPIRY_MS
  );
}

/** The status an invoice is shown with: Expired as soon as the rule says so, before the job has written it. */
export const shownStatus = (row: ExpiryFacts, now: Date = new Date()): PaymentStatus =>
  isExpiredCheckout(row, now) ? 'Expired' : row.status;

/**
 * Marks every checkout draft that is due (of one owner, or all) as Expired and answers their ids. Idempotent and safe
 * on many instances at once: the conditions are checked again on each row as it is updated, and a draft whose money
 * was claimed meanwhile (paid_at set under its row lock) is left alone.
 */
export async function expireCheckouts(db: Db, now: Date = new Date(), ownerId?: string): Promise<string[]> {
  const rows = await db
    .update(invoices)
    .set({ status: 'Expired', updatedAt: now })
    .where(
      and(
        isNotNull(invoices.purchaseProductId),
        isNull(invoices.invoiceNumber),
        isNull(invoices.paidAt),
        inArray(invoices.status, [...UNPAID_DRAFT_STATUSES]),
        lte(invoices.createdAt, new Date(now.getTime() - CHECKOUT_EXPIRY_MS)),
        ownerId ? eq(invoices.userId, ownerId) : undefined,
      ),
    )
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}

/** 'expired': the checkout ran out; 'lapsed': what it sells can no longer be delivered. Both refuse the money. */
export type PaymentClaim = 'accepted' | 'expired' | 'lapsed';

/**
 * Money arrived for an invoice: may it be settled? Decided once, under the invoice's row lock: an expired checkout is
 * marked Expired and refused (no license, no number), and so is a draft whose purchase can no longer be delivered
 * (`isLapsed`, asked in the same transaction: e.g. a plan change of a subscription that ended meanwhile); any other
 * draft of a purchase records the money's arrival (paid_at), which keeps the expiry job away from it for good.
 * Renewal and overage drafts and numbered invoices are always accepted.
 */
export async function claimPayment(
  db: Db,
  invoiceId: string,
  paidAt: Date,
  { now = new Date(), isLapsed }: { now?: Date; isLapsed?: (tx: Db, draft: InvoiceRow) => Promise<boolean> } = {},
): Promise<PaymentClaim> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await lockInvoiceRow(tx, invoiceId);
    if (!row || row.invoiceNumber !== null || row.purchaseProductId === null) return 'accepted';
    const claim = isExpiredCheckout(row, now)
      ? 'expired'
      : row.paidAt === null && isLapsed && (await isLapsed(tx, row))
        ? 'lapsed'
        : 'accepted';
    if (claim !== 'accepted') {
      if (row.status !== 'Expired') {
        await tx.update(invoices).set({ status: 'Expired', updatedAt: now }).where(eq(invoices.id, invoiceId));
      }
      return claim;
    }
    if (row.paidAt === null) {
      await tx
        .update(invoices)
        .set({ paidAt, updatedAt: now })
        .where(and(eq(invoices.id, invoiceId), isNull(invoices.invoiceNumber), ne(invoices.status, 'Expired')));
    }
    return 'accepted';
  });
}
