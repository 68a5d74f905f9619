import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paypalAuth } from '../../../db/schema';

export type PaypalAuthRow = typeof paypalAuth.$inferSelect;
type Changes = Partial<Pick<PaypalAuthRow, 'email' | 'clientId' | 'mode' | 'secretEncrypted'>>;

export async function findPaypalAuth(db: Db, userId: string): Promise<PaypalAuthRow | null> {
  const [row] = await db.select().from(paypalAuth).where(eq(paypalAuth.userId, userId)).limit(1);
  return row ?? null;
}

export async function insertPaypalAuth(db: Db, values: typeof paypalAuth.$inferInsert): Promise<PaypalAuthRow> {
  const [row] = await db.insert(paypalAuth).values(values).returning();
  return row;
}

export async function updatePaypalAuth(db: Db, userId: string, changes: Changes): Promise<PaypalAuthRow> {
  const [row] = await db
    .update(paypalAuth)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paypalAuth.userId, userId))
    .returning();
  return row;
}

/** True when there was a row to delete. */
export async function deletePaypalAuth(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(paypalAuth).where(eq(paypalAuth.userId, userId)).returning({ id: paypalAuth.userId });
  return deleted.length > 0;
}
