import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';

export async function findFreshdeskApiKey(db: Db, ownerId: string): Promise<string | null> {
  const [owner] = await db.select({ key: users.freshdeskApiKey }).from(users).where(eq(users.id, ownerId));
  return owner?.key ?? null;
}

/** Sets the key only while none is stored, so two first calls at once agree on one key; returns the stored key. */
export async function storeFirstFreshdeskApiKey(db: Db, ownerId: string, key: string): Promise<string> {
  await db
    .update(users)
    .set({ freshdeskApiKey: key })
    .where(and(eq(users.id, ownerId), isNull(users.freshdeskApiKey)));
  return (await findFreshdeskApiKey(db, ownerId)) ?? key;
}
