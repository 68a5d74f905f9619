import { monthlyOverage, usageMonthOf } from '@portal/shared/domain';
import type { Db } from '../db/client';
import { monthlyUsage } from '../modules/license/usage';
import { listMeteredSubscriptions, recordOverage } from '../modules/subscription';
import { runOnce, type RunOutcome } from './job-lease';

export const MONTH_END_JOB = 'month-end';
const METERED_PLUGINS = ['fresh_desk'];

/** The month a month-end run at `now` closes: the one before `now`'s month (UTC). */
export function closedMonth(now: Date): string {
  return usageMonthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/**
 * Month end: each active metered subscription's usage of the closed month above what the plan
 * includes becomes 1000-email blocks at the plan's block price, capped at 45 €; with the seller's auto-upgrade
 * consent a pending overage to approve, without it only a record. Once per month across all instances.
 */
export async function runMonthEnd(db: Db, now = new Date()): Promise<RunOutcome & { period: string }> {
  const period = closedMonth(now);
  const outcome = await runOnce(db, MONTH_END_JOB, period, async () => {
    let checked = 0;
    let pending = 0;
    let withoutConsent = 0;
    let amountCents = 0;
    for (const sub of await listMeteredSubscriptions(db, METERED_PLUGINS)) {
      checked += 1;
      const used = await monthlyUsage(db, sub.licenseId, period);
      const overage = monthlyOverage({
        used,
        options: sub.options,
        billing: sub.durationUnit === 'year' ? 'yearly' : 'monthly',
      });
      if (overage.amountCents === 0) continue;
      const consent = sub.options.auto_upgrade_consent === true;
      const recorded = await recordOverage(db, {
        subscriptionId: sub.id,
        period,
        amountCents: overage.amountCents,
        consent,
        detail: { used, included: overage.included, blocks: overage.blocks, capped: overage.capped },
      });
      if (!recorded) continue;
      if (consent) {
        pending += 1;
        amountCents += overage.amountCents;
      } else {
        withoutConsent += 1;
      }
    }
    return { checked, pending, withoutConsent, amountCents };
  });
  return { ...outcome, period };
}
