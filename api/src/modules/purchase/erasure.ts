// What deleting an account does to its purchases. An issued invoice (numbered) is kept for its retention period
// (§147 AO, §14b UStG) with its document and payments: the foreign keys detach it (user_id and license_id set NULL,
// the one change the immutability trigger allows) and the buyer snapshot stays as issued. A draft for which no money
// was received is nobody's record: it goes with its payments, their steps and the provider events about them.
import type { Db } from '../../db/client';
import { deleteDrafts, listDraftIds } from '../invoice';
import { erasePaymentEventsOfInvoices, invoicesWithReceivedPayment } from '../payment';

/**
 * Run inside the deletion's transaction, before the users rows go: deletes the unnumbered invoices of `userIds` that
 * have no received payment (Paid, or Refunded after being paid). One whose money arrived but whose post-payment
 * process has not numbered it yet stays, detached, like an issued invoice: the payment still has to be invoiced.
 */
export async function eraseUnpaidDrafts(tx: Db, userIds: string[]): Promise<{ erased: number }> {
  const drafts = await listDraftIds(tx, userIds);
  const received = await invoicesWithReceivedPayment(tx, drafts);
  const ids = drafts.filter((id) => !received.has(id));
  if (!ids.length) return { erased: 0 };
  await erasePaymentEventsOfInvoices(tx, ids);
  // Payments and post-payment steps go with the invoice (ON DELETE CASCADE).
  await deleteDrafts(tx, ids);
  return { erased: ids.length };
}
