// Plan changes: buying another tier, billing period or number of extras of a plugin the seller already subscribes
// to changes that subscription instead of starting a second one. The rule of what it costs and when it takes effect
// is quotePlanChange (@portal/shared/domain); here it is fed with the subscription's paid period and the new plan's
// quote, and carried out: an upgrade is an invoice of the prorated charge less the credit, paid in the payment
// window, which switches the license when paid (post-payment); any other change is scheduled for the period end,
// when the renewal bills the new plan. A provider subscription (PayPal) is revised to the new plan, never doubled.
import {
  EMAIL_BLOCK_SIZE,
  planPeriodMs,
  quotePlanChange,
  quotePurchase,
  type Language,
  type PlanChangeQuote,
  type PlanChangeScheduled,
  type PurchaseQuote,
  type TaxBuyer,
} from '@portal/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findPaidPeriodInvoice, type InvoiceRow, type PurchaseJson } from '../invoice';
import { toProduct, type ProductRow } from '../license/product';
import type { PaymentProvider, RevisionResult } from '../payment';
import type { ProviderApprovalJson } from '../../db/schema';
import {
  findOwnedSubscription,
  lockLiveSubscriptionOfPlugin,
  setProviderApproval,
  setScheduledPlanChange,
  type LiveSubscriptionOfPlugin,
} from '../subscription';

/** What waits for the seller at the provider after a revision: its approval link and the plan it is for. */
export const approvalOf = ({ approvalUrl, planRef }: RevisionResult): ProviderApprovalJson | null =>
  approvalUrl ? { url: approvalUrl, plan_ref: planRef, requested_at: new Date().toISOString() } : null;

export interface PlanChangeOffer {
  live: LiveSubscriptionOfPlugin;
  change: PlanChangeQuote;
  /** The quote to show and to invoice: the prorated charge ('now') or the new plan's whole period ('period_end'). */
  quote: PurchaseQuote;
}

const count = (options: Record<string, unknown>, key: string) => {
  const value = options[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
};

/** The extras a license was bought with, as the counters of a purchase. */
export const boughtExtras = (options: Record<string, unknown>) => ({
  extra_users_count: count(options, 'extra_users_count'),
  extra_email_blocks: Math.ceil(count(options, 'extra_email_count') / EMAIL_BLOCK_SIZE),
});

/** The license options of a plan bought with these extras (what issueLicense stores for a purchase). */
export const licenseOptionsOf = (
  purchase: Pick<PurchaseJson, 'extra_users_count' | 'extra_email_blocks' | 'auto_upgrade_consent'>,
) => ({
  extra_users_count: purchase.extra_users_count,
  extra_email_count: purchase.extra_email_blocks * EMAIL_BLOCK_SIZE,
  auto_upgrade_consent: purchase.auto_upgrade_consent,
});

/** What an invoice charged for its period: a plan change invoice's credit line is not part of it. */
const chargedNet = (invoice: InvoiceRow) => invoice.rows.reduce((sum, r) => sum + Math.max(0, r.amountCents), 0);

/**
 * The paid time that a plan change re-prices, up to the subscription's period end: the period the newest paid invoice
 * ending there covers, and, when that period is paid ahead (a renewal charged before it begins), the running period
 * before it too, as one span with what both charged. So the change is prorated over all the time it applies to.
 */
async function paidSpan(db: Db, licenseId: string, end: Date, now: Date) {
  const last = await findPaidPeriodInvoice(db, licenseId, end);
  if (!last?.servicePeriodStart) return null;
  const span = { start: last.servicePeriodStart, end, paidNetCents: chargedNet(last) };
  if (span.start > now) {
    const running = await findPaidPeriodInvoice(db, licenseId, span.start);
    if (running?.servicePeriodStart) {
      span.start = running.servicePeriodStart;
      span.paidNetCents += chargedNet(running);
    }
  }
  return span;
}

const periodOf = (row: ProductRow) =>
  row.durationUnit && row.duration ? { unit: row.durationUnit, duration: row.duration } : null;

/**
 * The seller's live subscription of the product's plugin, locked, with what changing it to `purchase` costs; null
 * when there is none (an ordinary purchase). Refuses (409) the plan the seller already has, a subscription whose
 * renewal is unpaid, and one cancelled at its period end.
 */
export async function offerPlanChange(
  db: Db,
  userId: string,
  row: ProductRow,
  purchase: PurchaseJson,
  fullQuote: PurchaseQuote,
  buyer: TaxBuyer,
  now = new Date(),
): Promise<PlanChangeOffer | null> {
  const live = await lockLiveSubscriptionOfPlugin(db, userId, row.pluginName);
  if (!live) return null;
  const { subscription, license, product } = live;
  const current = boughtExtras(license.extraOptions);
  if (
    product.id === row.id &&
    current.extra_users_count === purchase.extra_users_count &&
    current.extra_email_blocks === purchase.extra_email_blocks
  ) {
    throw new HttpError(
      409,
      'already-subscribed',
      `You already have a subscription of ${row.name}; it renews by itself, there is nothing to buy`,
      { product_id: 'api_error_already_subscribed' },
    );
  }
  if (subscription.status !== 'Active') {
    throw new HttpError(409, 'renewal-payment-due', 'Pay the open renewal invoice before changing the plan', {
      product_id: 'api_error_renewal_payment_due',
    });
  }
  if (subscription.cancelAtPeriodEnd) {
    throw new HttpError(
      409,
      'subscription-ending',
      'The subscription ends at its period end; undo the cancellation to change the plan',
      {
        product_id: 'api_error_subscription_ending',
      },
    );
  }
  const nextPeriod = periodOf(row);
  const end = subscription.currentPeriodEnd ?? license.expiresAt;
  if (!nextPeriod || !end) throw new HttpError(400, 'not-a-subscription', `${row.name} is not a subscription plan`);

  const paid = await paidSpan(db, license.id, end, now);
  const currentPeriod = periodOf(product);
  const period = paid ?? {
    // No invoice on record (a license given by hand): the period the plan bills at its catalogue price.
    start: new Date(end.getTime() - (currentPeriod ? planPeriodMs(currentPeriod) : 0)),
    end,
    paidNetCents: quotePurchase(toProduct(product), current, buyer).netCents,
  };
  const change = quotePlanChange({
    period,
    nextQuote: fullQuote,
    nextPeriodMs: planPeriodMs(nextPeriod),
    currentName: product.name,
    buyer,
    now,
  });
  const info = {
    timing: change.timing,
    effective_at: change.effectiveAt.toISOString(),
    credit_cents: change.creditCents,
    subscription_id: subscription.id,
    from_product_id: product.id,
    from_product_name: product.name,
  };
  const shown = change.timing === 'now' ? change.quote : fullQuote;
  return { live, change, quote: { ...shown, plan_change: info } };
}

/**
 * Records a change that waits for the period end and revises the provider's subscription to the new plan (PayPal
 * bills it from its next cycle, which is the period end, once the seller approved it there: the answer carries the
 * approval link, which /licenses keeps offering until PayPal reports the approval). The provider first: when it
 * refuses, nothing is recorded and the seller is told (502).
 */
export async function schedulePlanChange(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  offer: PlanChangeOffer,
  row: ProductRow,
  purchase: PurchaseJson,
  language: Language,
): Promise<PlanChangeScheduled> {
  const { subscription } = offer.live;
  let approval: ProviderApprovalJson | null = null;
  if (subscription.providerRef) {
    try {
      approval = approvalOf(
        await deps.provider.reviseSubscription(subscription.providerRef, {
          changeId: `${subscription.id}-${Date.now()}`,
          amountCents: offer.quote.grossCents,
          currency: offer.quote.currency,
          description: row.name,
          period: periodOf(row)!,
          language,
        }),
      );
    } catch (err) {
      deps.log.error({ err, subscriptionId: subscription.id }, 'the payment provider refused the plan change');
      throw new HttpError(502, 'payment-provider-error', 'The payment provider could not change the subscription');
    }
  }
  await setScheduledPlanChange(deps.db, subscription.id, {
    product_id: row.id,
    extra_users_count: purchase.extra_users_count,
    extra_email_blocks: purchase.extra_email_blocks,
    auto_upgrade_consent: purchase.auto_upgrade_consent,
    requested_at: new Date().toISOString(),
  });
  // What the provider bills until the seller approves stays what it billed before (a paid upgrade's previous plan).
  const billed = subscription.providerApproval?.billed ?? null;
  if (subscription.providerRef)
    await setProviderApproval(deps.db, subscription.id, approval && { ...approval, billed });
  return {
    scheduled: { product_id: row.id, effective_at: offer.change.effectiveAt.toISOString() },
    quote: offer.quote,
    approval_url: approval?.url ?? null,
  };
}

/**
 * A plan change that can no longer be made when its money arrives: the subscription it changes has ended, is cancelled
 * at its period end, or its period is over (its renewal unpaid). The same states in which none is offered; the money
 * is not settled (refund due) and the license stays as it is.
 */
export async function isPlanChangeLapsed(db: Db, invoice: InvoiceRow, now = new Date()): Promise<boolean> {
  const subscriptionId = (invoice.purchase as unknown as PurchaseJson).plan_change_of_subscription_id;
  if (!subscriptionId || !invoice.userId) return false;
  const sub = await findOwnedSubscription(db, subscriptionId, invoice.userId);
  return (
    !sub ||
    sub.status !== 'Active' ||
    sub.cancelAtPeriodEnd ||
    (sub.currentPeriodEnd !== null && sub.currentPeriodEnd.getTime() <= now.getTime())
  );
}
