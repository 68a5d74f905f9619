// Starting the payment of a draft invoice with the configured provider (POST /invoice, an overage approval, an
// automatic charge).
import { HttpError } from '../../lib/http-error';
import { setDraftCheckout, setDraftPaymentStatus } from '../invoice';
import { insertPayment, type Checkout, type CheckoutRequest } from '../payment';
import type { PurchaseDeps } from './deps';

/** Provider checkout → payments row → the draft's payment ref/url and status Pending. */
export async function startCheckout(
  deps: Pick<PurchaseDeps, 'db' | 'provider' | 'log'>,
  input: CheckoutRequest,
): Promise<Checkout> {
  let checkout: Checkout;
  try {
    checkout = await deps.provider.createCheckout(input);
  } catch (err) {
    deps.log.error({ err, invoiceId: input.invoiceId }, 'the payment provider refused the checkout');
    await setDraftPaymentStatus(deps.db, input.invoiceId, 'Failed');
    throw new HttpError(502, 'payment-provider-error', 'The payment provider could not be reached');
  }
  await insertPayment(deps.db, {
    invoiceId: input.invoiceId,
    provider: deps.provider.name,
    providerRef: checkout.providerRef,
    approvalUrl: checkout.paymentUrl,
    amountCents: input.amountCents,
    currency: input.currency,
    language: input.language,
  });
  await setDraftCheckout(deps.db, input.invoiceId, {
    paymentRef: checkout.providerRef,
    paymentUrl: checkout.paymentUrl,
  });
  await setDraftPaymentStatus(deps.db, input.invoiceId, 'Pending');
  return checkout;
}
