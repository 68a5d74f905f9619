import { invoiceAndChargeRenewal, type RenewalDeps, type RenewalOutcome, type StepHook } from '../modules/purchase';
import {
  cancelEndedAtProvider,
  endCancelledSubscriptions,
  expireUnpaidSubscriptions,
  listDueRenewals,
  settlePaidRenewals,
} from '../modules/subscription';
import { runOnce, type RunOutcome } from './job-lease';

export const RENEWALS_JOB = 'renewals';
/**
 * A period is renewed this long before it ends, so a declined payment leaves the seller these days to pay before
 * the license stops working (the seller is told before the license expires).
 */
export const RENEWAL_LEAD_DAYS = 3;
const DAY_MS = 86_400_000;

/** The day (UTC) a renewals run at `now` belongs to: one run per day across all instances. */
export const renewalDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The daily subscription run: subscriptions cancelled at period end whose period is over become Cancelled;
 * Inactive ones (renewal payment failed) whose period is over become Expired; Active ones whose period ends within
 * RENEWAL_LEAD_DAYS are renewed (renewal invoice, automatic charge). Once per day across all instances (job_runs
 * lease); a run that died mid-way is taken over and continues per subscription without charging twice.
 */
export async function runRenewals(
  deps: RenewalDeps,
  now = new Date(),
  opts: { hook?: StepHook } = {},
): Promise<RunOutcome & { period: string }> {
  const { db } = deps;
  const period = renewalDay(now);
  const outcome = await runOnce(db, RENEWALS_JOB, period, async () => {
    const settled = await settlePaidRenewals(db);
    const cancelled = await endCancelledSubscriptions(db, now);
    // Their provider subscriptions were only suspended while the seller could undo: now they are cancelled for good.
    await cancelEndedAtProvider(deps, cancelled);
    const expired = await expireUnpaidSubscriptions(db, now);
    const counts: Record<RenewalOutcome, number> = {
      renewed: 0,
      'payment-failed': 0,
      'waiting-for-provider': 0,
      busy: 0,
      'settled-before': 0,
    };
    const errors: string[] = [];
    for (const due of await listDueRenewals(db, new Date(now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS))) {
      try {
        const result = await invoiceAndChargeRenewal(deps, due, opts.hook);
        counts[result] += 1;
        // Held by a runner that is still at it or died a moment ago (its lease runs out): not done yet.
        if (result === 'busy') errors.push(`${due.id}: held by another runner`);
      } catch (err) {
        deps.log.error({ err, subscriptionId: due.id }, 'renewal failed; the next run continues it');
        errors.push(`${due.id}: ${(err as Error).message}`);
      }
    }
    // A failed item fails the run, so the next tick (or a rerun) claims it again and continues where it stopped.
    if (errors.length) throw new Error(`${errors.length} renewal(s) failed: ${errors.join('; ')}`);
    return { settled, cancelled: cancelled.length, expired: expired.length, ...counts };
  });
  return { ...outcome, period };
}
