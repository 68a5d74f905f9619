import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';

export async function listSubUsers(db: Db, parentId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.parentUserId, parentId)).orderBy(asc(users.createdAt));
}

export async function countSubUsers(db: Db, parentId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.parentUserId, parentId));
  return n;
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}

export async function findSubUser(db: Db, parentId: string, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.parentUserId, parentId)))
    .limit(1);
  return row ?? null;
}

export async function renameSubUser(db: Db, parentId: string, id: string, name: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.parentUserId, parentId)))
    .returning();
  return row;
}

export async function deleteSubUserRow(db: Db, parentId: string, id: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, id), eq(users.parentUserId, parentId)));
}
