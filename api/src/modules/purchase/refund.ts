// What a refund reported by the payment provider does. Every refund is booked once per refund (the provider's refund
// id) as an invoice of its own number: a refund of the whole invoice is its cancellation invoice, a part of it a
// correction invoice for that part (refundInvoice). When the refunds of an invoice reach its gross, its payment is
// Refunded and the service it paid ends: the license is deactivated and its subscription ended, at the provider too,
// so a seller whose money went back is neither served nor charged again. Repeated or reordered events end the same.
import { HttpError } from '../../lib/http-error';
import {
  findInvoiceById,
  licensePaidUntil,
  refundInvoice,
  type InvoiceRow,
  type PurchaseJson,
  type RefundBooking,
} from '../invoice';
import { deactivateLicenses, extendLicense, findLicenseRow } from '../license';
import {
  findChargePaymentId,
  findPaidPayment,
  findPaymentById,
  findPaymentByRef,
  markPaymentRefunded,
  PaymentProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRow,
} from '../payment';
import { endRefundedSubscription, endSubscriptionAt, findSubscriptionEndingAt } from '../subscription';
import type { Db } from '../../db/client';
import type { PostPaymentDeps } from './post-payment';

/**
 * The payment a refund event refunds: a subscription's sale by its own payment (a renewal) or by the event that
 * booked it (the first sale pays the purchase), a capture by the invoice it names, otherwise the event's reference.
 * Null when it is not known (yet): a refund of a sale whose completion has not arrived is refused and redelivered.
 */
export async function findRefundedPayment(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<PaymentRow | null> {
  if (event.chargeRef) {
    const own = await findPaymentByRef(db, provider.name, event.chargeRef);
    if (own) return own;
    const paymentId = await findChargePaymentId(db, provider.name, event.chargeRef);
    return paymentId ? findPaymentById(db, paymentId) : null;
  }
  if (event.invoiceRef) {
    const invoice = await findInvoiceById(db, event.invoiceRef);
    const paid = invoice ? await findPaidPayment(db, invoice.id) : null;
    if (paid) return paid;
  }
  return event.providerRef ? findPaymentByRef(db, provider.name, event.providerRef) : null;
}

/** A refund of a payment not paid (yet) books nothing: refused, the provider delivers it again. */
const notPaid = () => new HttpError(404, 'payment-not-found', 'The refunded payment is not paid (yet)');

export async function bookRefund(
  deps: PostPaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  event: PaymentEvent,
): Promise<RefundBooking> {
  if (payment.status !== 'Paid' && payment.status !== 'Refunded') {
    deps.log.warn({ paymentId: payment.id, status: payment.status }, 'refund of a payment that was not paid');
    throw notPaid();
  }
  const invoice = await findInvoiceById(deps.db, payment.invoiceId);
  if (!invoice?.invoiceNumber) {
    // Money that settled nothing (a checkout that had expired): no invoice to correct, nothing was delivered.
    await markPaymentRefunded(deps.db, payment.id);
    return { issued: null, refundedCents: payment.amountCents, full: true };
  }
  const booking = await refundInvoice(deps.db, invoice.id, {
    ref: event.refundRef ?? event.eventId,
    grossCents: event.amountCents,
    seller: deps.seller,
  });
  deps.log.info(
    { invoiceId: invoice.id, issued: booking.issued, refundedCents: booking.refundedCents, full: booking.full },
    'refund booked',
  );
  if (booking.full) await endRefundedService(deps, provider, payment, invoice);
  return booking;
}

/**
 * The whole invoice went back: its payment is Refunded, and what it paid ends (not an overage invoice: its usage was
 * had, the license it was billed on stays). The license stays usable as far as its other invoices, not refunded, pay
 * it, and ends there: at once when nothing else pays the present, at the end of the running period when a renewal
 * paid ahead went back. Every step is idempotent, so a repeated event finishes a failed one.
 */
async function endRefundedService(
  deps: PostPaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  invoice: InvoiceRow,
): Promise<void> {
  await markPaymentRefunded(deps.db, payment.id);
  const purchase = invoice.purchase as unknown as PurchaseJson;
  if (!invoice.licenseId || purchase.overage_of_subscription_id) return;
  const licenseId = invoice.licenseId;
  const now = new Date();
  // The license stays paid as far as the other invoices of it, not refunded, pay it (the purchase's running period
  // when a renewal paid ahead went back, a renewal or plan change paid after the refunded invoice).
  const paidUntil = await licensePaidUntil(deps.db, licenseId, invoice.id);
  if (paidUntil === 'open-ended') return;
  let providerRef: string | null;
  if (paidUntil && paidUntil > now) {
    // The license and the subscription end where that paid time ends, and nothing renews them; a license already
    // ending there or earlier keeps its end.
    const license = await findLicenseRow(deps.db, licenseId);
    if (!license?.expiresAt) return;
    providerRef =
      license.expiresAt > paidUntil
        ? await deps.db.transaction(async (tx) => {
            const db = tx as unknown as Db;
            await extendLicense(db, licenseId, paidUntil);
            return endSubscriptionAt(db, licenseId, paidUntil);
          })
        : // Cut back before (this is the event again): only the provider's cancellation may still be missing.
          await findSubscriptionEndingAt(deps.db, licenseId, paidUntil);
  } else {
    providerRef = await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await deactivateLicenses(db, [licenseId]);
      return endRefundedSubscription(db, licenseId);
    });
  }
  if (!providerRef) return;
  try {
    await provider.cancelSubscription(providerRef, 'Refunded');
  } catch (err) {
    // The portal has ended it; the provider must bill no more: answered 502, the provider delivers again.
    deps.log.error({ err, licenseId }, 'cancelling a refunded subscription at the provider failed');
    if (err instanceof PaymentProviderError) {
      throw new HttpError(502, 'payment-provider-error', 'The payment provider could not be reached');
    }
    throw err;
  }
}
