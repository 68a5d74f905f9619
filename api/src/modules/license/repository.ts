import { parseLicenseSortOrder, type License, type LicenseFilter, type PluginName } from '@portal/shared/domain';
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses, products } from '../../db/schema';
import { pluginNamesFor } from './product';
import { toLicense, toLicenseView, type LicenseViewRow } from './license-mapper';

/** isLicenseValid() of @portal/shared as SQL: active and no expiry or one after `now` (tested against it). */
export function validLicenseSql(now: Date) {
  return and(eq(licenses.status, 'active'), or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now)));
}

/** effectiveStatus() in SQL: an 'active' license whose expiry has passed reads 'inactive'. */
const effectiveStatusSql = (now: Date) =>
  sql`CASE WHEN l.status = 'active' AND l.expires_at IS NOT NULL AND l.expires_at <= ${now} THEN 'inactive' ELSE l.status END`;

const viewColumns = (now: Date) => sql`
  l.id, l.key, l.status, l.created_at, l.expires_at, l.license_users, l.extra_options,
  p.id AS product_id, p.name AS product_name, p.plugin_name, p.license_type, p.max_registrations,
  p.extra_options AS product_options, p.price_amount, p.currency, ${effectiveStatusSql(now)} AS effective_status,
  s.id AS subscription_id, s.status AS subscription_status, s.cancel_at_period_end, s.current_period_end,
  r.renewal_invoice_id, r.renewal_payment_url`;

/**
 * The newest subscription of each license (payments create one per subscription license) and, for an Inactive one,
 * its open renewal invoice (the declined automatic charge the seller pays with "Pay now").
 */
const subscriptionJoin = sql`LEFT JOIN LATERAL (
    SELECT id, status, cancel_at_period_end, current_period_end FROM subscriptions
    WHERE license_id = l.id ORDER BY created_at DESC LIMIT 1
  ) s ON true
  LEFT JOIN LATERAL (
    SELECT i.id AS renewal_invoice_id, i.payment_url AS renewal_payment_url
    FROM billing_events be JOIN invoices i ON i.id = be.invoice_id
    WHERE s.status = 'Inactive' AND be.subscription_id = s.id AND be.kind = 'renewal' AND i.status <> 'Paid'
    ORDER BY be.created_at DESC LIMIT 1
  ) r ON true`;

/**
 * sortLicenses() of @portal/shared in SQL (tested against it): ties keep the newest first; missing expiries come
 * first ascending and last descending; product names compare lower-cased by code point.
 */
function orderBySql(sort: LicenseFilter['sort']): SQL {
  const { field, direction } = parseLicenseSortOrder(sort);
  const dir = direction === 'DESC' ? sql.raw('DESC') : sql.raw('ASC');
  const key =
    field === 'LicenseCreated'
      ? sql`l.created_at`
      : field === 'LicenseExpired'
        ? sql`l.expires_at`
        : sql`lower(p.name) COLLATE "C"`;
  const nulls = field === 'LicenseExpired' ? sql.raw(direction === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST') : sql``;
  return sql`${key} ${dir}${nulls}, l.created_at DESC, l.id DESC`;
}

/**
 * One page of an owner's licenses, filtered, sorted, paged and counted in the database, read as flat rows without
 * Drizzle's per-field mapping (the profile of `npm run bench` showed that mapping as the largest cost of the list).
 */
export async function listOwnerLicensePage(
  db: Db,
  ownerId: string,
  filter: Pick<LicenseFilter, 'page' | 'pageSize' | 'sort' | 'pluginName' | 'status'>,
  now = new Date(),
): Promise<{ items: License[]; total: number }> {
  const where = [sql`l.user_id = ${ownerId}`];
  if (filter.pluginName) {
    const names = pluginNamesFor(filter.pluginName).map((name) => sql`${name}`);
    where.push(sql`p.plugin_name IN (${sql.join(names, sql`, `)})`);
  }
  if (filter.status) where.push(sql`${effectiveStatusSql(now)} = ${filter.status}`);
  const from = sql`FROM licenses l JOIN products p ON p.id = l.product_id ${subscriptionJoin}
    WHERE ${sql.join(where, sql` AND `)}`;
  const result = (await db.execute(sql`
    SELECT ${viewColumns(now)}, count(*) OVER () AS total ${from}
    ORDER BY ${orderBySql(filter.sort)}
    LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`)) as unknown as {
    rows: (LicenseViewRow & { total: string | number })[];
  };
  const rows = result.rows;
  if (rows.length > 0) return { items: rows.map(toLicenseView), total: Number(rows[0].total) };
  // A page beyond the end has no row to carry the total.
  const counted = (await db.execute(sql`SELECT count(*) AS total ${from}`)) as unknown as {
    rows: { total: string | number }[];
  };
  return { items: [], total: Number(counted.rows[0]?.total ?? 0) };
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
