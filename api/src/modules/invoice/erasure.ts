// What deleting an account does to its invoices. An issued invoice (numbered) is kept for its retention period
// (§147 AO, §14b UStG) with its document and payments: the foreign keys detach it (user_id and license_id set NULL,
// the one change the immutability trigger allows) and the buyer snapshot stays as issued. A draft for which no money
// was received is nobody's record: it goes with its payments, their steps and the provider events about them.
import { and, inArray, isNull, notExists, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, paymentEvents, payments } from '../../db/schema';

/**
 * Run inside the deletion's transaction, before the users rows go: deletes the unnumbered invoices of `userIds` that
 * have no received payment (Paid, or Refunded after being paid). One whose money arrived but whose post-payment
 * process has not numbered it yet stays, detached, like an issued invoice: the payment still has to be invoiced.
 */
export async function eraseDraftInvoices(tx: Db, userIds: string[]): Promise<{ erased: number }> {
  if (!userIds.length) return { erased: 0 };
  const received = tx
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoices.id), inArray(payments.status, ['Paid', 'Refunded'])));
  const drafts = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.userId, userIds), isNull(invoices.invoiceNumber), notExists(received)));
  const ids = drafts.map((d) => d.id);
  if (!ids.length) return { erased: 0 };
  // The events' payloads carry what the provider knew of the payer; their payment_id would only be set NULL.
  const draftPayments = tx.select({ id: payments.id }).from(payments).where(inArray(payments.invoiceId, ids));
  await tx.delete(paymentEvents).where(inArray(paymentEvents.paymentId, draftPayments));
  // Payments and post-payment steps go with the invoice (ON DELETE CASCADE).
  await tx.delete(invoices).where(inArray(invoices.id, ids));
  return { erased: ids.length };
}
