// A charge the payment provider made by itself for a subscription it bills (PayPal: PAYMENT.SALE.COMPLETED with the
// subscription in billing_agreement_id, one sale per cycle). The first sale pays the purchase invoice; every later
// one pays one renewal period: the renewal invoice the renewals job issued for that period, or one made here when
// the provider's event comes first. Each sale becomes one payment (provider ref = the sale id), so a redelivered
// sale, or the same sale reaching two instances at once, books nothing twice; the subscription row is locked while
// a sale is given its period, so two different sales never take the same one, in whatever order they arrive.
import { estimateExpiry } from '@portal/shared/domain';
import { HttpError } from '../../lib/http-error';
import { deleteDrafts, findInvoiceById } from '../invoice';
import {
  findStoredEvent,
  findLatestPayment,
  findPaymentByRef,
  insertPayment,
  recordEvent,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRow,
} from '../payment';
import {
  attachRenewalInvoice,
  ensureRenewalEvent,
  findRenewalEvent,
  findRenewalPeriodOfInvoice,
  lockSubscriptionByProviderRef,
  markRenewalDone,
} from '../subscription';
import type { Db } from '../../db/client';
import type { PostPaymentDeps, ProcessResult } from './post-payment';
import { createRenewalInvoice, renewalPeriodKey, withScheduledChange } from './renewal-charge';

/** Periods looked ahead for a free one (more unbooked sales than this at once means something else is wrong). */
const MAX_PERIODS_AHEAD = 24;

/**
 * Whether `event` pays a renewal rather than the purchase: the sale has its own payment already (a replay), or the
 * purchase's payment was settled by another event before.
 */
export async function isRenewalCharge(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
  purchasePayment: PaymentRow,
): Promise<boolean> {
  if (event.kind !== 'completed' || !event.chargeRef || !event.subscriptionRef) return false;
  if (await findPaymentByRef(db, provider.name, event.chargeRef)) return true;
  if (purchasePayment.status !== 'Paid' && purchasePayment.status !== 'Refunded') return false;
  return ((await findStoredEvent(db, provider.name, event.eventId))?.paymentId ?? null) !== purchasePayment.id;
}

const amountMismatch = () =>
  new HttpError(400, 'payment-amount-mismatch', 'The paid amount does not match the invoice');

/**
 * The renewal payment of this sale: found (a replay) or made, on the first period of the subscription that no
 * other charge paid yet, with that period's invoice (the renewals job's, or a new one).
 */
async function bookSale(
  deps: PostPaymentDeps,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<{ payment: PaymentRow; subscriptionId: string; period: string | null }> {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const sub = await lockSubscriptionByProviderRef(db, event.subscriptionRef!);
    if (!sub) {
      // The purchase's post-payment process has not made the subscription yet: the provider delivers again.
      throw new HttpError(409, 'subscription-not-found', 'The subscription of this charge is not set up yet');
    }
    const product = sub.product;
    const duration =
      product.durationUnit && product.duration != null
        ? { unit: product.durationUnit, duration: product.duration }
        : null;
    // A sale booked before (a replay): its own payment and the period that payment's invoice bills, not the period
    // that is next now (a replay after a later cycle failed must not mark that failed period done).
    const existing = await findPaymentByRef(db, provider.name, event.chargeRef!);
    if (existing) {
      const period = await findRenewalPeriodOfInvoice(db, sub.id, existing.invoiceId);
      return { payment: existing, subscriptionId: sub.id, period };
    }
    let periodEnd = sub.currentPeriodEnd;
    for (let i = 0; ; i += 1) {
      const period = renewalPeriodKey(periodEnd);
      const billing = await findRenewalEvent(db, sub.id, period);
      const taken = billing?.invoiceId ? await findLatestPayment(db, billing.invoiceId) : null;
      if (taken && taken.status !== 'Failed' && i < MAX_PERIODS_AHEAD) {
        const next = estimateExpiry(duration, periodEnd);
        if (!next || next <= periodEnd) throw new Error(`subscription ${sub.id} has no period to renew`);
        periodEnd = next;
        continue;
      }
      let invoiceId = billing?.invoiceId ?? null;
      if (!invoiceId) {
        await ensureRenewalEvent(db, sub.id, period);
        const due = await withScheduledChange({ db, log: deps.log }, { ...sub, currentPeriodEnd: periodEnd });
        const draft = await createRenewalInvoice({ db, provider }, due);
        if (await attachRenewalInvoice(db, sub.id, period, draft.id, draft.grossCents)) invoiceId = draft.id;
        else {
          await deleteDrafts(db, [draft.id]);
          invoiceId = (await findRenewalEvent(db, sub.id, period))!.invoiceId!;
        }
      }
      const invoice = (await findInvoiceById(db, invoiceId))!;
      if (event.amountCents !== invoice.amount || (event.currency ?? '').toUpperCase() !== invoice.currency) {
        deps.log.error(
          { invoiceId, subscriptionId: sub.id, saleAmount: event.amountCents, invoiceAmount: invoice.amount },
          'a subscription charge does not match its renewal invoice; booked by hand',
        );
        throw amountMismatch();
      }
      const payment = await insertPayment(db, {
        invoiceId,
        provider: provider.name,
        providerRef: event.chargeRef!,
        approvalUrl: '',
        amountCents: invoice.amount,
        currency: invoice.currency,
        language: invoice.language,
      });
      return { payment, subscriptionId: sub.id, period };
    }
  });
}

/**
 * Books a renewal sale: its payment on its period's invoice, the event stored once for that payment, and the
 * payment settled (the post-payment process extends license and subscription by one period, once).
 */
export async function settleRenewalCharge(
  deps: PostPaymentDeps,
  provider: PaymentProvider,
  event: PaymentEvent,
  settle: (payment: PaymentRow) => Promise<ProcessResult | null>,
): Promise<{ payment: PaymentRow; duplicate: boolean; process: ProcessResult | null }> {
  let booked;
  try {
    booked = await bookSale(deps, provider, event);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) {
      await recordEvent(deps.db, {
        provider: provider.name,
        eventId: event.eventId,
        type: event.type,
        payload: event.payload,
        paymentId: null,
        outcome: 'rejected',
        reason: err.message,
      });
    }
    throw err;
  }
  const rec = await recordEvent(deps.db, {
    provider: provider.name,
    eventId: event.eventId,
    type: event.type,
    payload: event.payload,
    paymentId: booked.payment.id,
    outcome: 'processed',
  });
  const process = await settle(booked.payment);
  const invoice = await findInvoiceById(deps.db, booked.payment.invoiceId);
  if (invoice?.status === 'Paid' && booked.period) await markRenewalDone(deps.db, booked.subscriptionId, booked.period);
  return { payment: booked.payment, duplicate: !rec.inserted, process };
}
