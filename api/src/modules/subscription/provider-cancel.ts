// Ending an account's subscriptions at the payment provider before the account is deleted: a PayPal subscription
// bills the seller by itself every period, whatever the portal's database says, so deleting only our rows would
// keep charging a person who has no account any more.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { PaymentProvider } from '../payment';

export class SubscriptionCancelError extends Error {
  constructor(
    readonly subscriptionId: string,
    options: { cause: unknown },
  ) {
    super(`the payment provider could not cancel subscription ${subscriptionId}`, options);
    this.name = 'SubscriptionCancelError';
  }
}

/**
 * Cancels at the provider every subscription of `userIds` that has a provider reference (one without was never
 * set up at a provider: nothing to call). Every status is asked, not only the live ones: a subscription the portal
 * ended (cancelled at period end, expired) was never cancelled at the provider, and the provider answers "already
 * ended" for one that is. One by one, and each success is recorded at once as cancelled at period end (it stays
 * usable until then and is never renewed), because a provider cancellation cannot be undone: when a later step of
 * the deletion fails, the account stays and the database says what the provider says. Throws
 * SubscriptionCancelError at the first failure; the subscriptions after it are left as they were. `onlyUnmarked`:
 * only those not yet cancelled at period end (a subscription that appeared since a first pass).
 */
export async function cancelSubscriptionsAtProvider(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  userIds: string[],
  reason: string,
  options: { onlyUnmarked?: boolean } = {},
): Promise<{ cancelled: string[] }> {
  if (!userIds.length) return { cancelled: [] };
  const rows = await deps.db
    .select({ id: subscriptions.id, providerRef: subscriptions.providerRef })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.userId, userIds),
        isNotNull(subscriptions.providerRef),
        options.onlyUnmarked ? eq(subscriptions.cancelAtPeriodEnd, false) : undefined,
      ),
    )
    .orderBy(subscriptions.createdAt);
  const cancelled: string[] = [];
  for (const row of rows) {
    try {
      await deps.provider.cancelSubscription(row.providerRef!, reason);
    } catch (err) {
      deps.log.error({ err, subscriptionId: row.id }, 'cancelling a subscription at the payment provider failed');
      throw new SubscriptionCancelError(row.id, { cause: err });
    }
    const now = new Date();
    await deps.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, cancelRequestedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.cancelAtPeriodEnd, false)));
    cancelled.push(row.id);
  }
  return { cancelled };
}

/**
 * Subscriptions the portal just ended at their period end (cancelled at period end): their provider subscription,
 * only suspended while the seller could still undo, is cancelled for good. A failure is logged and changes nothing
 * here: a suspended subscription does not bill, and the next run does not ask again.
 */
export async function cancelEndedAtProvider(
  deps: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger },
  subscriptionIds: string[],
): Promise<number> {
  if (!subscriptionIds.length) return 0;
  const rows = await deps.db
    .select({ id: subscriptions.id, providerRef: subscriptions.providerRef })
    .from(subscriptions)
    .where(and(inArray(subscriptions.id, subscriptionIds), isNotNull(subscriptions.providerRef)));
  let cancelled = 0;
  for (const row of rows) {
    try {
      await deps.provider.cancelSubscription(row.providerRef!, 'Cancelled at the end of the paid period');
      cancelled += 1;
    } catch (err) {
      deps.log.error({ err, subscriptionId: row.id }, 'cancelling an ended subscription at the provider failed');
    }
  }
  return cancelled;
}
