// Starting the payment of a draft invoice with the configured provider (POST /invoice).
import type { DurationUnit, Language } from '@portal/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { setDraftCheckout, setDraftPaymentStatus } from '../invoice';
import type { Checkout, CheckoutFlow, PaymentProvider } from './provider';
import { insertPayment } from './repository';

export interface StartCheckoutInput {
  invoiceId: string;
  grossCents: number;
  currency: string;
  description: string;
  language: Language;
  subscription: { unit: DurationUnit; duration: number } | null;
  flow?: CheckoutFlow;
}

/** Provider checkout → payments row → the draft's payment ref/url and status Pending. */
export async function startCheckout(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  input: StartCheckoutInput,
): Promise<Checkout> {
  let checkout: Checkout;
  try {
    checkout = await deps.provider.createCheckout({
      invoiceId: input.invoiceId,
      amountCents: input.grossCents,
      currency: input.currency,
      description: input.description,
      language: input.language,
      subscription: input.subscription,
      flow: input.flow,
    });
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
    amountCents: input.grossCents,
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
