// A billing cycle the provider could not charge, for a subscription the provider bills itself (PayPal: the failed
// payment of a later cycle). Recorded like a renewal the sandbox declined: the period's one renewal invoice (issued
// by the renewals job, or created now when the provider's event comes first) stays unpaid and gets a one-off
// payment of its own for "Pay now", the seller is mailed once, the subscription is Inactive and the license in its
// payment grace. Repeated or concurrent events change nothing more.
import { HttpError } from '../../lib/http-error';
import { findInvoiceById, setDraftPaymentStatus } from '../invoice';
import {
  claimRenewal,
  findRenewalByProviderRef,
  findRenewalEvent,
  markRenewalDone,
  releaseRenewal,
} from '../subscription';
import { startCheckout } from './checkout';
import { ensureRenewalInvoice, recordFailedRenewal, renewalPeriodKey, type RenewalDeps } from './renewal-charge';

export type CycleFailureOutcome = 'recorded' | 'already-recorded' | 'already-paid' | 'unknown-subscription';

export async function failProviderCycle(
  deps: RenewalDeps,
  providerSubscriptionRef: string,
): Promise<CycleFailureOutcome> {
  const { db } = deps;
  const due = await findRenewalByProviderRef(db, providerSubscriptionRef);
  if (!due) return 'unknown-subscription';
  const period = renewalPeriodKey(due.currentPeriodEnd);
  const event = await claimRenewal(db, due.id, period);
  if (!event) {
    const existing = await findRenewalEvent(db, due.id, period);
    if (existing?.status === 'failed') return 'already-recorded';
    if (existing?.status === 'done') return 'already-paid';
    // Another runner (the renewals job, a second delivery) holds this period right now: the provider sends it again.
    throw new HttpError(409, 'renewal-busy', 'The renewal of this period is being processed; send the event again');
  }
  try {
    const invoiceId = await ensureRenewalInvoice(deps, due, period, event.invoiceId);
    let invoice = (await findInvoiceById(db, invoiceId))!;
    if (invoice.status === 'Paid') {
      await markRenewalDone(db, due.id, period);
      return 'already-paid';
    }
    // The provider's own charge failed: "Pay now" pays the invoice once, by a payment the seller makes in the window.
    if (!invoice.paymentUrl) {
      await startCheckout(deps, {
        invoiceId,
        amountCents: invoice.amount,
        currency: invoice.currency,
        description: invoice.products[0]?.info ?? '',
        language: invoice.language,
        subscription: null,
      });
    }
    await setDraftPaymentStatus(db, invoiceId, 'Failed');
    invoice = (await findInvoiceById(db, invoiceId))!;
    await recordFailedRenewal(deps, due, period, invoice, event.detail?.notified === true);
    return 'recorded';
  } catch (err) {
    // Let go of the period at once, so the provider's next delivery continues where this one stopped.
    await releaseRenewal(db, due.id, period);
    throw err;
  }
}
