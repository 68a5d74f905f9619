import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { licenses, products, profiles, users, type UserRow } from '../../../db/schema';
import { validLicenseSql } from '../../license';
import { isEmailInUse } from '../repository';

const MOBILE_PLUGINS = ['mobile', 'mobile_default'];

/** Extra options of the owner's valid mobile licenses and of their products (max_users lives there). */
export async function mobileLicenseOptions(db: Db, ownerId: string, now: Date) {
  return db
    .select({ licenseOptions: licenses.extraOptions, productOptions: products.extraOptions })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, ownerId), validLicenseSql(now), inArray(products.pluginName, MOBILE_PLUGINS)));
}

export async function listSubUsers(db: Db, parentId: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.parentUserId, parentId)).orderBy(asc(users.createdAt));
}

export async function countSubUsers(db: Db, parentId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.parentUserId, parentId));
  return n;
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

export type SubUserReservation =
  { ok: true; row: UserRow } | { ok: false; reason: 'max-users-reached' | 'email-in-use' };

/**
 * Writes the row of a new sub-user (and its empty profile) only while the parent is below `maxOf(tx)`: the parent's
 * row is locked (SELECT … FOR UPDATE) for the transaction, so parallel requests count one after the other and the
 * limit holds under concurrency.
 */
export async function insertSubUserWithinLimit(
  db: Db,
  input: { id: string; parentId: string; email: string; name: string; language: 'de' | 'en' },
  maxOf: (tx: Db) => Promise<number>,
): Promise<SubUserReservation> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.select({ id: users.id }).from(users).where(eq(users.id, input.parentId)).for('update');
    const [max, n] = [await maxOf(t), await countSubUsers(t, input.parentId)];
    if (n >= max) return { ok: false, reason: 'max-users-reached' } as const;
    if (await isEmailInUse(t, input.email)) return { ok: false, reason: 'email-in-use' } as const;
    const [row] = await t
      .insert(users)
      .values({
        id: input.id,
        email: input.email,
        parentUserId: input.parentId,
        name: input.name,
        language: input.language,
      })
      .returning();
    await t.insert(profiles).values({ userId: row.id });
    return { ok: true, row } as const;
  });
}
