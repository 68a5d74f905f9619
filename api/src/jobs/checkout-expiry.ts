import type { Db } from '../db/client';
import { expireCheckouts } from '../modules/invoice';
import { runOnce, type RunOutcome } from './job-lease';

export const CHECKOUT_EXPIRY_JOB = 'checkout-expiry';

/**
 * Marks the checkout invoices left unpaid past their expiry as Expired, once an hour across all instances. The list
 * and the payment paths apply the same rule on read, so a draft reads Expired at once; this writes it down (and takes
 * it out of the seller's open purchases).
 */
export async function runCheckoutExpiry(db: Db, now = new Date()): Promise<RunOutcome & { period: string }> {
  const period = now.toISOString().slice(0, 13);
  const outcome = await runOnce(db, CHECKOUT_EXPIRY_JOB, period, async () => ({
    expired: (await expireCheckouts(db, now)).length,
  }));
  return { ...outcome, period };
}
