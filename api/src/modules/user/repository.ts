import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactRequests, profiles, users, type UserRow } from '../../db/schema';

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function isEmailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<UserRow, 'language' | 'email'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The AVV acceptance the users row shows (date and version label), kept at the latest one by the avv module. */
export async function setAvvAcceptance(db: Db, userId: string, acceptance: { version: string; at: Date }) {
  await db
    .update(users)
    .set({ avvAcceptedDate: acceptance.at, avvVersion: acceptance.version, updatedAt: acceptance.at })
    .where(eq(users.id, userId));
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function insertProfile(db: Db, userId: string): Promise<void> {
  await db.insert(profiles).values({ userId });
}

export async function listSubUserIds(db: Db, parentId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.parentUserId, parentId));
  return rows.map((row) => row.id);
}

/**
 * Locks the account's users row for the deletion's transaction (FOR UPDATE: a concurrent insert that references it,
 * a new sub-user or license, waits and then fails) and returns its id and its sub-users' ids as they are now; null
 * when the account no longer exists.
 */
export async function lockAccount(tx: Db, userId: string): Promise<string[] | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) return null;
  return [row.id, ...(await listSubUserIds(tx, row.id))];
}

/**
 * The account's own rows; pass the transaction. What the user owns goes with the users rows (FK cascade: profile,
 * AVV acceptances, data source, licenses, subscriptions, PayPal credentials, GPSR drafts); what the law keeps is
 * detached by its FK (ON DELETE SET NULL): issued invoices, released GPSR versions and their files.
 */
export async function deleteAccountRows(tx: Db, userId: string, accountIds: string[]): Promise<void> {
  // Contact requests carry the person's name, phone and message: erased with the account (their FK only detaches).
  await tx.delete(contactRequests).where(inArray(contactRequests.userId, accountIds));
  await tx.delete(users).where(eq(users.parentUserId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/** Deletes sub-users `ids` of `parentId` (their rows only). */
export async function deleteSubUserRows(db: Db, parentId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(users).where(and(inArray(users.id, ids), eq(users.parentUserId, parentId)));
}
