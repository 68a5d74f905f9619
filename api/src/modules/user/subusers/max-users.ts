import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { licenses, products } from '../../../db/schema';
import { validLicenseSql } from '../../license';

const MOBILE_PLUGINS = ['mobile', 'mobile_default'];

function maxUsersOf(options: Record<string, unknown> | null | undefined): number | null {
  const value = options?.max_users;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
}

/**
 * How many sub-users a main user may have: `max_users` of their valid (active, not expired) mobile
 * license — the license's own extra options win over the product's — and 0 without one.
 */
export async function maxSubUsers(db: Db, ownerId: string, now = new Date()): Promise<number> {
  const rows = await db
    .select({ licenseOptions: licenses.extraOptions, productOptions: products.extraOptions })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, ownerId), validLicenseSql(now), inArray(products.pluginName, MOBILE_PLUGINS)));
  let max = 0;
  for (const row of rows) {
    const value = maxUsersOf(row.licenseOptions) ?? maxUsersOf(row.productOptions) ?? 0;
    max = Math.max(max, value);
  }
  return max;
}
