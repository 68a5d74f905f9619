import { validLicenseSql } from '..';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PluginName } from '@portal/shared/domain';
import type { Db } from '../../../db/client';
import { licenses, licenseUsage, products, type ExtraOptionsJson } from '../../../db/schema';
import { pluginNamesFor } from '../product';

/** The license a plugin reports for, by key (any owner); null for an unknown key. */
export async function findMeteredLicense(db: Db, key: string) {
  const [row] = await db
    .select({ id: licenses.id, pluginName: products.pluginName })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.key, key))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a month's running total. Counts only grow: a report below the stored figure (a reinstalled plugin, a
 * replayed request) never lowers the usage that month-end billing reads.
 */
export async function recordUsage(db: Db, licenseId: string, month: string, emailsSent: number): Promise<number> {
  const [row] = await db
    .insert(licenseUsage)
    .values({ licenseId, month, emailsSent })
    .onConflictDoUpdate({
      target: [licenseUsage.licenseId, licenseUsage.month],
      set: { emailsSent: sql`GREATEST(${licenseUsage.emailsSent}, excluded.emails_sent)`, updatedAt: new Date() },
    })
    .returning({ emailsSent: licenseUsage.emailsSent });
  return row.emailsSent;
}

/** The owner's newest valid license of a plugin with its options merged (license wins) and a month's usage. */
export async function ownerUsage(db: Db, ownerId: string, pluginName: PluginName, month: string, now = new Date()) {
  const [row] = await db
    .select({
      licenseId: licenses.id,
      productOptions: products.extraOptions,
      licenseOptions: licenses.extraOptions,
      used: sql<number>`COALESCE(${licenseUsage.emailsSent}, 0)`,
    })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .leftJoin(licenseUsage, and(eq(licenseUsage.licenseId, licenses.id), eq(licenseUsage.month, month)))
    .where(
      and(eq(licenses.userId, ownerId), validLicenseSql(now), inArray(products.pluginName, pluginNamesFor(pluginName))),
    )
    .orderBy(desc(licenses.createdAt))
    .limit(1);
  if (!row) return null;
  const options: ExtraOptionsJson = { ...row.productOptions, ...row.licenseOptions };
  return { licenseId: row.licenseId, used: Number(row.used), options };
}

/** Emails a license's plugin reported for a month (0 when nothing was reported). */
export async function monthlyUsage(db: Db, licenseId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ emailsSent: licenseUsage.emailsSent })
    .from(licenseUsage)
    .where(and(eq(licenseUsage.licenseId, licenseId), eq(licenseUsage.month, month)))
    .limit(1);
  return row?.emailsSent ?? 0;
}
