import { parseLicenseSortOrder, type License, type LicenseFilter, type PluginName } from '@portal/shared/domain';
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses, products, users } from '../../db/schema';
import { pluginNamesFor } from './product';
import { toLicense } from './license-mapper';
import { licenseItem, licenseItemColumnsSql, type LicenseItemRow } from './license-page-items';

/**
 * isLicenseValid() of @portal/shared as SQL: active, and no expiry, one after `now`, or a payment grace running after
 * `now` (tested against it).
 */
export function validLicenseSql(now: Date) {
  return and(
    eq(licenses.status, 'active'),
    or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now), gt(licenses.paymentGraceUntil, now)),
  );
}

/** effectiveStatus() in SQL: an 'active' license past its expiry and past any payment grace reads 'inactive'. */
const effectiveStatusSql = (now: Date) =>
  sql`CASE WHEN l.status = 'active' AND l.expires_at IS NOT NULL AND l.expires_at <= ${now}
    AND (l.payment_grace_until IS NULL OR l.payment_grace_until <= ${now}) THEN 'inactive' ELSE l.status END`;

/**
 * The newest subscription of each license (payments create one per subscription license) and, for one whose renewal
 * payment failed (Inactive during the payment grace, Expired after it), its open renewal invoice: the declined
 * automatic charge the seller pays with "Pay now", which restores the license. A plan change waiting for the period
 * end names its product (sp); one the seller still has to approve at the provider, its approval link.
 */
const subscriptionJoin = sql`LEFT JOIN LATERAL (
    SELECT id, status, cancel_at_period_end, current_period_end, scheduled_change->>'product_id' AS scheduled_product_id,
      provider_approval->>'url' AS provider_approval_url
    FROM subscriptions WHERE license_id = l.id ORDER BY created_at DESC LIMIT 1
  ) s ON true
  LEFT JOIN products sp ON sp.id = s.scheduled_product_id
  LEFT JOIN LATERAL (
    SELECT i.id AS renewal_invoice_id, i.payment_url AS renewal_payment_url
    FROM billing_events be JOIN invoices i ON i.id = be.invoice_id
    WHERE s.status IN ('Inactive', 'Expired') AND be.subscription_id = s.id AND be.kind = 'renewal'
      AND be.status = 'failed' AND i.status <> 'Paid'
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

type LicensePageFilter = Pick<LicenseFilter, 'page' | 'pageSize' | 'sort' | 'pluginName' | 'status'>;

/**
 * One page of an owner's licenses (licenseSchema items, newest first by default), filtered, sorted, paged and
 * counted in the database. The database returns plain columns and licenseItem() makes the items: measured faster
 * than writing the JSON in SQL (json_build_object) on PostgreSQL and on PGlite.
 */
export async function listOwnerLicensePage(
  db: Db,
  ownerId: string,
  filter: LicensePageFilter,
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
  const order = orderBySql(filter.sort);
  const limit = sql`LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`;
  const result = (await db.execute(
    sql`SELECT ${licenseItemColumnsSql(effectiveStatusSql(now))}, count(*) OVER () AS total
        ${from} ORDER BY ${order} ${limit}`,
  )) as unknown as { rows: (LicenseItemRow & { total: string | number })[] };
  const { rows } = result;
  if (rows.length > 0) return { items: rows.map(licenseItem), total: Number(rows[0].total) };
  // A page beyond the end has no row to carry the total.
  const counted = (await db.execute(sql`SELECT count(*) AS total ${from}`)) as unknown as {
    rows: { total: string | number }[];
  };
  return { items: [], total: Number(counted.rows[0]?.total ?? 0) };
}

/** One page of licensePageSchema: the items with the total and the page asked for. */
export async function ownerLicensePage(db: Db, ownerId: string, filter: LicensePageFilter) {
  const { items, total } = await listOwnerLicensePage(db, ownerId, filter);
  return { items, total, page: filter.page, pageSize: filter.pageSize };
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

/**
 * The plugins an account may use: those its owner (a sub-user's parent, else the account itself) holds a valid license
 * of. An account without a row has none.
 */
export async function accountLicensedPlugins(db: Db, userId: string, now = new Date()): Promise<PluginName[]> {
  const [account] = await db
    .select({ parentUserId: users.parentUserId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return [];
  const rows = await db
    .selectDistinct({ pluginName: products.pluginName })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, account.parentUserId ?? userId), validLicenseSql(now)));
  return rows.map((row) => row.pluginName as PluginName);
}

type LicenseInsert = typeof licenses.$inferInsert;

export async function insertLicense(db: Db, values: LicenseInsert) {
  const [row] = await db.insert(licenses).values(values).returning();
  return row;
}

/** Locks the owner's user row until the transaction ends (serialises one owner's activations). */
export async function lockOwnerRow(tx: Db, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** A trial license the owner ever had of one of these plugins. */
export async function findTrialLicense(tx: Db, ownerId: string, pluginNames: PluginName[]) {
  const [row] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(
      and(eq(licenses.userId, ownerId), eq(products.licenseType, 'trial'), inArray(products.pluginName, pluginNames)),
    )
    .limit(1);
  return row;
}

export async function findActiveLicenseOfProduct(tx: Db, ownerId: string, productId: string) {
  const [row] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.userId, ownerId), eq(licenses.productId, productId), eq(licenses.status, 'active')))
    .limit(1);
  return row;
}

/** The license row itself (also one of a withdrawn product): a paid renewal or overage settles on it. */
export async function findLicenseRow(db: Db, id: string) {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return row;
}

/**
 * A paid renewal: the license runs to `expiresAt` and is active again (its subscription's period ended before); the
 * renewal is paid, so no payment grace is left open.
 */
export async function extendLicense(db: Db, id: string, expiresAt: Date | null): Promise<void> {
  await db
    .update(licenses)
    .set({ expiresAt, status: 'active', paymentGraceUntil: null, updatedAt: new Date() })
    .where(eq(licenses.id, id));
}

/**
 * A renewal payment failed: the license keeps working until `until` (the payment grace) although its paid period
 * ends earlier. A grace already running is kept (a repeated failure event does not move it).
 */
export async function startPaymentGrace(db: Db, id: string, until: Date): Promise<void> {
  await db
    .update(licenses)
    .set({ paymentGraceUntil: until, updatedAt: new Date() })
    .where(and(eq(licenses.id, id), isNull(licenses.paymentGraceUntil)));
}

/**
 * A plan change: the license becomes a license of `productId` with the extras bought with it (`extraOptions`
 * replaces the license's own options), keeping its key, registrations and expiry. Its subscription's plan and plugin
 * follow by the database's trigger.
 */
export async function changeLicensePlan(
  db: Db,
  id: string,
  productId: string,
  extraOptions: Record<string, unknown>,
): Promise<void> {
  await db.update(licenses).set({ productId, extraOptions, updatedAt: new Date() }).where(eq(licenses.id, id));
}

/** The licenses of subscriptions whose period ended unpaid or cancelled: inactive (the plugins' check says so). */
export async function deactivateLicenses(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(licenses)
    .set({ status: 'inactive', updatedAt: new Date() })
    .where(and(inArray(licenses.id, ids), eq(licenses.status, 'active')));
}

/** Demo seeder: a license by its fixed key (inserted, or overwritten with these values). */
export async function upsertLicenseByKey(db: Db, values: LicenseInsert): Promise<{ id: string }> {
  const [row] = await db
    .insert(licenses)
    .values(values)
    .onConflictDoUpdate({ target: licenses.key, set: { ...values, updatedAt: sql`now()` } })
    .returning({ id: licenses.id });
  return row;
}

/** Demo seeder: one of an owner's license rows by key. */
export async function findOwnerLicenseRowByKey(db: Db, ownerId: string, key: string) {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.key, key), eq(licenses.userId, ownerId)))
    .limit(1);
  return row;
}
