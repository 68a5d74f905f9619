// Charging an invoice without a buyer at the payment window (renewal and overage invoices of the billing job, proceed
// type PaypalPaymentSubscriptionAutoPayment). The money still arrives only through the signed webhook.
import { findInvoiceById } from '../invoice';
import { findLatestPayment, SandboxProvider } from '../payment';
import { startCheckout } from './checkout';
import type { PurchaseDeps } from './deps';

export type AutoChargeResult =
  /** The sandbox charged "the stored payment method": its signed event went through the webhook. */
  | { status: 'sent' }
  /** Already paid before this call. */
  | { status: 'already-paid' }
  /** PayPal bills the subscription itself; PAYMENT.SALE.COMPLETED will arrive at the webhook. */
  | { status: 'waiting-for-provider' }
  /** The sandbox declined the stored payment method: its signed PAYMENT.CANCELLED went through the webhook. */
  | { status: 'declined' };

/**
 * The sandbox's test rule for a declined automatic charge (like a provider's test card): the buyer's login or
 * invoice email has `+decline` before the @ (e.g. `anna+decline@example.com`). Everything else is charged.
 */
export function sandboxDeclinesAutoCharge(emails: readonly string[]): boolean {
  return emails.some((email) => /\+decline@/i.test(email));
}

export async function chargeAutomatically(
  deps: Pick<PurchaseDeps, 'db' | 'provider' | 'log'>,
  input: { invoiceId: string },
): Promise<AutoChargeResult> {
  const { db, provider } = deps;
  if (!(provider instanceof SandboxProvider)) return { status: 'waiting-for-provider' };
  const invoice = await findInvoiceById(db, input.invoiceId);
  if (!invoice) throw new Error(`invoice ${input.invoiceId} not found`);
  if (invoice.status === 'Paid') return { status: 'already-paid' };
  let payment = await findLatestPayment(db, invoice.id);
  if (!payment) {
    await startCheckout(
      { db, provider, log: deps.log },
      {
        invoiceId: invoice.id,
        amountCents: invoice.amount,
        currency: invoice.currency,
        description: invoice.products[0]?.info ?? '',
        language: invoice.language,
        subscription: null,
      },
    );
    payment = (await findLatestPayment(db, invoice.id))!;
  }
  if (payment.status === 'Paid') return { status: 'already-paid' };
  if (sandboxDeclinesAutoCharge([invoice.userEmail, invoice.buyer.invoiceEmail])) {
    await provider.sendPaymentEvent('PAYMENT.CANCELLED', payment);
    return { status: 'declined' };
  }
  await provider.sendPaymentEvent('PAYMENT.COMPLETED', payment);
  return { status: 'sent' };
}
