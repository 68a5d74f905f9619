import { DEFAULT_COUNTRY, isProfileComplete, normalizeVatId, type ProfileContact } from '@portal/shared/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
import { profiles, users, type ProfileRow, type UserRow } from '../../../db/schema';
import { vatVerificationOf } from './vat-verification-row';

/** GET /user/profile/contact is among the most frequent reads. */
const profileByUser = preparedPerDb((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('profile_by_user'),
);

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | null> {
  const [row] = await profileByUser(db).execute({ userId });
  return row ?? null;
}

export function toContact(user: UserRow, profile: ProfileRow | null): ProfileContact {
  return {
    email: user.email,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    companyName: profile?.companyName ?? '',
    country: profile?.country ?? DEFAULT_COUNTRY,
    city: profile?.city ?? '',
    street: profile?.street ?? '',
    houseNumber: profile?.houseNumber ?? '',
    postalCode: profile?.postalCode ?? '',
    // invoiceEmail falls back to the login email: invoices always go somewhere the seller reads
    invoiceEmail: profile?.invoiceEmail || user.email,
    vatID: profile?.vatId ?? '',
    vatVerification: vatVerificationOf(profile),
    parentUserId: user.parentUserId,
  };
}

export async function loadContact(db: Db, user: UserRow): Promise<ProfileContact> {
  return toContact(user, await findProfile(db, user.id));
}

export async function isContactComplete(db: Db, user: UserRow): Promise<boolean> {
  return isProfileComplete(await loadContact(db, user));
}

export type ContactUpdate = Omit<ProfileContact, 'email' | 'parentUserId' | 'vatVerification'>;

/**
 * The VIES columns on a save: kept while the saved VAT ID is the stored one, reset to "never asked" when it changes —
 * an answer about the old number says nothing about the new one.
 */
function vatCheckKeptOrReset() {
  const same = sql`${profiles.vatId} = excluded.vat_id`;
  const keep = (column: AnyPgColumn, reset: SQL) => sql`CASE WHEN ${same} THEN ${column} ELSE ${reset} END`;
  return {
    vatCheckStatus: keep(profiles.vatCheckStatus, sql`'unverified'`),
    vatCheckVatId: keep(profiles.vatCheckVatId, sql`''`),
    vatCheckName: keep(profiles.vatCheckName, sql`NULL`),
    vatCheckAddress: keep(profiles.vatCheckAddress, sql`NULL`),
    vatCheckRequestId: keep(profiles.vatCheckRequestId, sql`NULL`),
    vatCheckError: keep(profiles.vatCheckError, sql`NULL`),
    vatCheckedAt: keep(profiles.vatCheckedAt, sql`NULL`),
  };
}

export async function saveContact(db: Db, userId: string, input: ContactUpdate): Promise<void> {
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    country: input.country,
    city: input.city,
    street: input.street,
    houseNumber: input.houseNumber,
    postalCode: input.postalCode,
    invoiceEmail: input.invoiceEmail,
    vatId: normalizeVatId(input.vatID),
    updatedAt: new Date(),
  };
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, ...vatCheckKeptOrReset() } });
}

/** Updates the caller's own settings (language, verify reminder) and returns the row. */
export async function updateSettings(
  db: Db,
  userId: string,
  changes: Partial<Pick<UserRow, 'language' | 'verifyReminder'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
