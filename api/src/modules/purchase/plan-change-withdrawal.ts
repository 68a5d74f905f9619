// Taking back a plan change that waits for the period end ("Keep current plan"): the subscription renews its current
// plan again. At a provider that bills the subscription itself (PayPal) the change may already be approved there, so
// PayPal would bill the new plan: it is revised back to the current plan, which the seller approves on PayPal's page
// as before; until then PayPal bills the other plan, and a renewal before the approval grants that plan.
import { quotePurchase, type Language, type TaxBuyer } from '@portal/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { toProduct } from '../license/product';
import type { PaymentProvider } from '../payment';
import { lockOwnedSubscriptionWithPlan, setProviderApproval, setScheduledPlanChange } from '../subscription';
import { approvalOf, boughtExtras } from './plan-change';

export interface WithdrawnChange {
  /** Where the seller approves the current plan's price at the provider again; null when nothing waits there. */
  approvalUrl: string | null;
}

export async function withdrawPlanChange(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  user: { id: string; language: Language },
  subscriptionId: string,
  buyer: TaxBuyer,
): Promise<WithdrawnChange> {
  return deps.db.transaction(async (transaction) => {
    const db = transaction as unknown as Db;
    const row = await lockOwnedSubscriptionWithPlan(db, user.id, subscriptionId);
    if (!row) throw new HttpError(404, 'subscription-not-found', 'Subscription not found');
    const { subscription, license, product } = row;
    const change = subscription.scheduledChange;
    if (!change) {
      throw new HttpError(409, 'no-scheduled-change', 'No plan change waits for the period end of this subscription');
    }
    await setScheduledPlanChange(db, subscription.id, null);
    const pending = subscription.providerApproval;
    if (!subscription.providerRef) return { approvalUrl: null };
    if (pending && !pending.billed && !(await approvedMeanwhile(deps, subscription.providerRef, pending.plan_ref))) {
      // Not approved at the provider: it still bills the current plan; nothing to revise.
      await setProviderApproval(db, subscription.id, null);
      return { approvalUrl: null };
    }
    // The provider bills another plan than the current one (the change it approved, or the plan before an upgrade the
    // seller has not approved yet): it is revised to the current plan, and bills that other plan until approved.
    const billed = pending?.billed ?? change;
    if (!product.durationUnit || !product.duration) return { approvalUrl: null };
    const extras = boughtExtras(license.extraOptions);
    const price = quotePurchase(toProduct(product), extras, buyer);
    let approval;
    try {
      approval = approvalOf(
        await deps.provider.reviseSubscription(subscription.providerRef, {
          changeId: `${subscription.id}-keep-${Date.now()}`,
          amountCents: price.grossCents,
          currency: price.currency,
          description: product.name,
          period: { unit: product.durationUnit, duration: product.duration },
          language: user.language,
        }),
      );
    } catch (err) {
      deps.log.error({ err, subscriptionId }, 'the payment provider refused to revise the plan back');
      throw new HttpError(502, 'payment-provider-error', 'The payment provider could not change the subscription');
    }
    await setProviderApproval(db, subscription.id, approval && { ...approval, billed });
    return { approvalUrl: approval?.url ?? null };
  });
}

/** Whether the provider bills the pending plan already (approved there, its event not arrived yet). */
async function approvedMeanwhile(
  deps: { provider: PaymentProvider; log: FastifyBaseLogger },
  providerRef: string,
  planRef: string | null,
): Promise<boolean> {
  if (!planRef) return false;
  try {
    return (await deps.provider.billedPlanRef(providerRef)) === planRef;
  } catch (err) {
    deps.log.error({ err, providerRef }, 'the payment provider could not say which plan it bills');
    throw new HttpError(502, 'payment-provider-error', 'The payment provider could not be reached');
  }
}
