// What a webhook does: verify it, store it once per (provider, event id), and move the payment on. A completed
// payment starts (or resumes) the post-payment process, a refund is booked (refund.ts); duplicates, replays and
// out-of-order events change nothing twice. Refused events (bad signature, unknown payment, wrong amount) are
// logged and answered 4xx.
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { claimPayment, findInvoiceById, isExpiredCheckout, setDraftPaymentStatus } from '../invoice';
import {
  findPaidPayment,
  findPaymentById,
  findPaymentByRef,
  findStoredEvent,
  markEventProcessed,
  markPaymentFailed,
  markPaymentPaid,
  PaymentProviderError,
  recordEvent,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRow,
  type WebhookRequest,
} from '../payment';
import { isPlanChangeLapsed } from './plan-change';
import { runPostPayment, type PostPaymentDeps, type ProcessResult } from './post-payment';
import { bookRefund, findRefundedPayment } from './refund';
import type { RenewalDeps } from './renewal-charge';
import { failProviderCycle } from './renewal-failure';
import { ensureSteps } from './repository';
import { isRenewalCharge, settleRenewalCharge } from './subscription-charge';
import { confirmProviderApproval, markCancelledByProvider } from '../subscription';

export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
  /**
   * What the event was: completed, approved, failed, cycle-failed, refunded or ignored (counted by kind in the
   * metrics).
   */
  kind: PaymentEvent['kind'];
  /** Payment status after the event. */
  status: PaymentRow['status'];
  process: ProcessResult | null;
}

const amountMismatch = () =>
  new HttpError(400, 'payment-amount-mismatch', 'The paid amount does not match the invoice');

function refuse(log: FastifyBaseLogger, provider: string, event: PaymentEvent | null, reason: string): void {
  log.warn({ provider, eventId: event?.eventId, type: event?.type, reason }, 'payment webhook refused');
}

/**
 * Money received for `payment`: mark it paid (once) and run the post-payment process. Money for an expired checkout
 * is recorded (the payment is Paid) but settles nothing: no license, no number; it is flagged for a refund (logged as
 * an error) and answered null.
 */
export async function settlePayment(deps: PostPaymentDeps, payment: PaymentRow): Promise<ProcessResult | null> {
  const paidAt = payment.paidAt ?? new Date();
  const claim = await claimPayment(deps.db, payment.invoiceId, paidAt, { isLapsed: isPlanChangeLapsed });
  await markPaymentPaid(deps.db, payment.id, paidAt);
  if (claim !== 'accepted') {
    deps.log.error(
      { invoiceId: payment.invoiceId, paymentId: payment.id, amountCents: payment.amountCents, claim },
      claim === 'lapsed'
        ? 'payment received for a plan change of a subscription that ended: plan unchanged; refund due'
        : 'payment received for an expired checkout: no license issued; refund due',
    );
    return null;
  }
  await ensureSteps(deps.db, payment.invoiceId, payment.id);
  return runPostPayment(deps, payment.invoiceId);
}

/**
 * An expired checkout, or a plan change of a subscription that ended meanwhile, is not captured: PayPal keeps no money
 * for an order that is never captured.
 */
async function checkoutExpired(deps: PostPaymentDeps, payment: PaymentRow): Promise<boolean> {
  const invoice = await findInvoiceById(deps.db, payment.invoiceId);
  if (!invoice) return false;
  const lapsed = await isPlanChangeLapsed(deps.db, invoice);
  if (!lapsed && !isExpiredCheckout(invoice)) return false;
  deps.log.warn(
    { invoiceId: invoice.id, paymentId: payment.id, lapsed },
    'approved payment of an expired checkout not captured',
  );
  await claimPayment(deps.db, invoice.id, new Date(), { isLapsed: isPlanChangeLapsed });
  return true;
}

/**
 * PayPal's return pages: the buyer approved, so capture the pending order (idempotent by request id) and settle it
 * when the money is booked as invoiced. A failed capture is only logged: the page shows the state, the webhook follows.
 */
export async function captureOnReturn(deps: PostPaymentDeps, provider: PaymentProvider, payment: PaymentRow) {
  if (payment.status !== 'Pending' || !provider.capture) return;
  if (await checkoutExpired(deps, payment)) return;
  const result = await provider.capture(payment.providerRef!, payment.invoiceId).catch((err: unknown) => {
    deps.log.error({ err }, 'PayPal capture failed');
    return null;
  });
  const booked = result?.status === 'completed' && result.amountCents === payment.amountCents;
  if (booked && result.currency === payment.currency) await settlePayment(deps, payment);
}

/** The payment failed (declined, or cancelled by the buyer): it and its draft invoice are marked Failed, once. */
export async function failPayment(db: PostPaymentDeps['db'], payment: PaymentRow): Promise<void> {
  if (await markPaymentFailed(db, payment.id)) await setDraftPaymentStatus(db, payment.invoiceId, 'Failed');
}

export async function handleWebhook(
  deps: PostPaymentDeps & RenewalDeps,
  provider: PaymentProvider,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const { db, log } = deps;
  let event: PaymentEvent;
  try {
    event = await provider.verifyWebhook(request);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      refuse(log, provider.name, null, err.message);
      throw new HttpError(400, 'webhook-signature-invalid', 'The webhook signature is invalid');
    }
    if (err instanceof PaymentProviderError) {
      log.error({ err }, 'payment webhook could not be verified');
      throw new HttpError(502, 'payment-provider-error', 'The payment provider could not be reached');
    }
    throw err;
  }

  const payment =
    event.kind === 'refunded'
      ? await findRefundedPayment(db, provider, event)
      : event.providerRef
        ? await findPaymentByRef(db, provider.name, event.providerRef)
        : null;
  const base = { provider: provider.name, eventId: event.eventId, type: event.type, payload: event.payload };

  /**
   * An event that moves no payment (one the portal ignores, or one about the provider's subscription itself): stored
   * once with its outcome and answered with the payment's status as it is.
   */
  const recordWithoutPayment = async (outcome: 'ignored' | 'processed'): Promise<WebhookOutcome> => {
    const rec = await recordEvent(db, { ...base, paymentId: payment?.id ?? null, outcome });
    return {
      received: true,
      duplicate: !rec.inserted,
      kind: event.kind,
      status: payment?.status ?? 'Created',
      process: null,
    };
  };
  /**
   * Stores the event as processed for `paymentId`; one refused before (e.g. it arrived before its payment existed)
   * and valid now is processed on this retry. A duplicate: processed before.
   */
  const recordProcessed = async (paymentId: string | null): Promise<{ duplicate: boolean }> => {
    const rec = await recordEvent(db, { ...base, paymentId, outcome: 'processed' });
    if (!rec.inserted && rec.outcome === 'rejected') {
      await markEventProcessed(db, provider.name, event.eventId, paymentId);
    }
    return { duplicate: !rec.inserted && rec.outcome !== 'rejected' };
  };

  if (event.kind === 'ignored') return recordWithoutPayment('ignored');
  if (event.kind === 'subscription-cancelled' && event.providerRef) {
    // Cancelled at the provider (by the seller there, or by us): it bills no more, so the portal ends it at the
    // period end as well (shown on /licenses); a subscription already ended or marked stays as it is.
    const marked = await markCancelledByProvider(db, event.providerRef);
    log.info({ eventId: event.eventId, marked }, 'subscription cancelled at the payment provider');
    return recordWithoutPayment('processed');
  }
  if (event.kind === 'subscription-revised' && event.providerRef) {
    // The seller approved a revised plan at the provider, which bills it from now on: the approval no longer waits,
    // and a change scheduled for the period end takes effect then. An update for another plan changes nothing.
    const confirmed = event.planRef ? await confirmProviderApproval(db, event.providerRef, event.planRef) : false;
    log.info({ eventId: event.eventId, confirmed }, 'subscription revised at the payment provider');
    return recordWithoutPayment('processed');
  }
  // A failed cycle of a subscription whose first payment is still open is that first payment failing; of one already
  // paid, a failed renewal.
  const firstPaymentOpen = payment?.status === 'Created' || payment?.status === 'Pending';
  if (event.kind === 'cycle-failed' && !firstPaymentOpen && event.providerRef) {
    // A failed cycle is known by the subscription's current period: the same event delivered again after the seller
    // paid that period late would fail the next one. An event processed once is a duplicate, whatever came since.
    if ((await findStoredEvent(db, provider.name, event.eventId))?.outcome === 'processed') {
      return { received: true, duplicate: true, kind: event.kind, status: 'Failed', process: null };
    }
    const outcome = await failProviderCycle(deps, event.providerRef);
    if (outcome === 'unknown-subscription' && !payment) {
      refuse(log, provider.name, event, 'unknown subscription reference');
      await recordEvent(db, { ...base, paymentId: null, outcome: 'rejected', reason: 'unknown subscription' });
      throw new HttpError(404, 'payment-not-found', 'Payment not found');
    }
    const { duplicate } = await recordProcessed(payment?.id ?? null);
    log.info({ eventId: event.eventId, outcome }, 'failed billing cycle of a subscription');
    return { received: true, duplicate, kind: event.kind, status: 'Failed', process: null };
  }
  if (!payment) {
    refuse(log, provider.name, event, 'unknown payment reference');
    await recordEvent(db, { ...base, paymentId: null, outcome: 'rejected', reason: 'unknown payment' });
    throw new HttpError(404, 'payment-not-found', 'Payment not found');
  }
  if (await isRenewalCharge(db, provider, event, payment)) {
    // A later cycle of a subscription the provider bills: it pays that cycle's renewal invoice, not the purchase.
    const booked = await settleRenewalCharge(deps, provider, event, (p) => settlePayment(deps, p));
    const after = (await findPaymentById(db, booked.payment.id))!;
    return {
      received: true,
      duplicate: booked.duplicate,
      kind: event.kind,
      status: after.status,
      process: booked.process,
    };
  }
  if (
    event.kind === 'completed' &&
    (event.amountCents !== payment.amountCents || (event.currency ?? '').toUpperCase() !== payment.currency)
  ) {
    const reason = `amount ${event.amountCents} ${event.currency} ≠ invoice ${payment.amountCents} ${payment.currency}`;
    refuse(log, provider.name, event, reason);
    await recordEvent(db, { ...base, paymentId: payment.id, outcome: 'rejected', reason });
    throw amountMismatch();
  }

  const { duplicate } = await recordProcessed(payment.id);

  let process: ProcessResult | null = null;
  switch (event.kind) {
    case 'completed':
      process = await settleUnlessPaidElsewhere(deps, payment);
      if (!process) await stopExpiredSubscription(deps, provider, payment);
      break;
    case 'approved':
      process = await captureApproved(deps, provider, payment);
      break;
    case 'failed':
    case 'cycle-failed':
      await failPayment(db, payment);
      break;
    case 'refunded':
      await bookRefund(deps, provider, payment, event);
      break;
  }
  const after = (await findPaymentById(db, payment.id))!;
  return { received: true, duplicate, kind: event.kind, status: after.status, process };
}

/**
 * The first charge of a subscription whose checkout had expired: the provider's subscription is cancelled, so it
 * charges no further period for a purchase the portal refused (the charge made is flagged for a refund).
 */
async function stopExpiredSubscription(deps: PostPaymentDeps, provider: PaymentProvider, payment: PaymentRow) {
  const invoice = await findInvoiceById(deps.db, payment.invoiceId);
  if (invoice?.status !== 'Expired' || invoice.proceedType !== 'PaypalPaymentSubscriptionAutoPayment') return;
  if (!payment.providerRef) return;
  try {
    await provider.cancelSubscription(payment.providerRef, 'The checkout expired before the payment arrived');
  } catch (err) {
    deps.log.error({ err, invoiceId: invoice.id }, 'the subscription of an expired checkout could not be cancelled');
  }
}

/** A second checkout of an invoice that is already paid is not settled again (logged: refund by hand). */
async function settleUnlessPaidElsewhere(deps: PostPaymentDeps, payment: PaymentRow): Promise<ProcessResult | null> {
  const paid = await findPaidPayment(deps.db, payment.invoiceId);
  if (paid && paid.id !== payment.id) {
    deps.log.error({ invoiceId: payment.invoiceId, paymentId: payment.id }, 'invoice paid twice; refund by hand');
    return null;
  }
  return settlePayment(deps, payment);
}

/** PayPal: the buyer approved; capture (idempotent by request id) and settle when the money is booked. */
async function captureApproved(
  deps: PostPaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
): Promise<ProcessResult | null> {
  if (payment.status === 'Paid' || payment.status === 'Refunded') return settlePayment(deps, payment);
  if (!provider.capture || !payment.providerRef) return null;
  if (await checkoutExpired(deps, payment)) return null;
  let result;
  try {
    result = await provider.capture(payment.providerRef, payment.invoiceId);
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, 'capture failed');
    throw new HttpError(502, 'payment-provider-error', 'The payment provider could not be reached');
  }
  if (result.status === 'failed') {
    await failPayment(deps.db, payment);
    return null;
  }
  if (result.status !== 'completed') return null; // PAYMENT.CAPTURE.COMPLETED follows
  if (result.amountCents !== payment.amountCents || result.currency !== payment.currency) {
    deps.log.warn({ paymentId: payment.id, result }, 'captured amount does not match the invoice');
    throw amountMismatch();
  }
  return settleUnlessPaidElsewhere(deps, payment);
}
