import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

/** Active subscriptions of the account whose overage waits for approval, oldest first. */
export function listOveragePending(db: Db, ownerId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, ownerId),
        eq(subscriptions.overagePending, true),
        eq(subscriptions.status, 'Active'),
      ),
    )
    .orderBy(asc(subscriptions.createdAt));
}
