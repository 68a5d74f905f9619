import type { License, PluginName } from '@portal/shared/domain';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses, products } from '../../db/schema';
import { pluginNamesFor } from './product';
import { toLicense } from './license-mapper';

/** isLicenseValid() of @portal/shared as SQL: active and no expiry or one after `now` (tested against it). */
export function validLicenseSql(now: Date) {
  return and(eq(licenses.status, 'active'), or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now)));
}

/** Every license of an owner (a seller has a handful), newest first, mapped to the shared License shape. */
export async function listOwnerLicenses(
  db: Db,
  ownerId: string,
  filter: { pluginName?: PluginName } = {},
): Promise<License[]> {
  const conditions = [eq(licenses.userId, ownerId)];
  if (filter.pluginName) conditions.push(inArray(products.pluginName, pluginNamesFor(filter.pluginName)));
  const rows = await db
    .select({ license: licenses, product: products })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(...conditions))
    .orderBy(desc(licenses.createdAt), desc(licenses.id));
  const now = new Date();
  return rows.map((r) => toLicense(r.license, r.product, now));
}

export async function findOwnerLicenseByKey(db: Db, ownerId: string, key: string): Promise<License | null> {
  const [row] = await db
    .select({ license: licenses, product: products })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, ownerId), eq(licenses.key, key)))
    .limit(1);
  return row ? toLicense(row.license, row.product) : null;
}

export async function findOwnerLicenseById(db: Db, ownerId: string, id: string): Promise<License | null> {
  const [row] = await db
    .select({ license: licenses, product: products })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, ownerId), eq(licenses.id, id)))
    .limit(1);
  return row ? toLicense(row.license, row.product) : null;
}

/** A valid license (the shared rule) of one plugin of the owner. */
export async function ownerHasValidLicense(
  db: Db,
  ownerId: string,
  pluginName: PluginName,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, ownerId), validLicenseSql(now), eq(products.pluginName, pluginName)))
    .limit(1);
  return !!row;
}
