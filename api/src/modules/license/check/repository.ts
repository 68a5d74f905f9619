import type { LicenseIdentifier, PluginName } from '@portal/shared/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
import { licenses, products } from '../../../db/schema';
import type { CheckedLicense } from './license-check-rule';

const checkedColumns = {
  id: licenses.id,
  status: licenses.status,
  expiresAt: licenses.expiresAt,
  paymentGraceUntil: licenses.paymentGraceUntil,
  pluginName: products.pluginName,
  maxRegistrations: products.maxRegistrations,
  licenseUsers: licenses.licenseUsers,
};

/** Keys are stored upper case; anything that cannot be a key still runs the same query (same time, no hint). */
export function normalizeKey(key: string): string {
  const trimmed = key.trim().toUpperCase();
  return trimmed.length <= 64 ? trimmed : '';
}

/** The plugins in every shop call the license check: the api's most frequent query. */
const byKey = preparedPerDb((db) =>
  db
    .select(checkedColumns)
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.key, sql.placeholder('key')))
    .limit(1)
    .prepare('license_check_by_key'),
);

/** One indexed lookup by key (unique index), whoever owns the license. */
export async function findLicenseByKey(db: Db, key: string): Promise<CheckedLicense | null> {
  const [row] = await byKey(db).execute({ key: normalizeKey(key) });
  return row ? { ...row, pluginName: row.pluginName as PluginName } : null;
}

/**
 * Runs `decide` again on the locked row and appends the identifier if it still says so: two shops checking in
 * at the same moment cannot both take the last registration.
 */
export async function registerIdentifier(
  db: Db,
  licenseId: string,
  identifier: LicenseIdentifier,
  decide: (license: CheckedLicense) => { register: boolean },
): Promise<CheckedLicense> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(checkedColumns)
      .from(licenses)
      .innerJoin(products, eq(products.id, licenses.productId))
      .where(eq(licenses.id, licenseId))
      .for('update', { of: licenses });
    const license = { ...row, pluginName: row.pluginName as PluginName };
    if (!decide(license).register) return license;
    const entry = { type: identifier.type, value: identifier.value };
    await tx
      .update(licenses)
      .set({
        licenseUsers: sql`${licenses.licenseUsers} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(licenses.id, licenseId));
    return { ...license, licenseUsers: [...license.licenseUsers, entry] };
  });
}
