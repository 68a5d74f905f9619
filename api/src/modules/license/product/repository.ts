import { licenseMatchesPlugin, PLUGIN_NAMES, type PluginName } from '@portal/shared/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import type { ProductRow } from './product-schema';

/** Plugin names whose products/licenses count for `pluginName` (mobile also lists mobile_default). */
export function pluginNamesFor(pluginName: PluginName): PluginName[] {
  return PLUGIN_NAMES.filter((name) => licenseMatchesPlugin({ pluginName: name }, pluginName));
}

const order = [asc(products.sortOrder), asc(products.id)];

export async function listProducts(
  db: Db,
  filter: { pluginName?: PluginName; freeOrTrial?: boolean } = {},
): Promise<ProductRow[]> {
  const conditions = [eq(products.isActive, true)];
  if (filter.pluginName) conditions.push(inArray(products.pluginName, pluginNamesFor(filter.pluginName)));
  if (filter.freeOrTrial) conditions.push(inArray(products.licenseType, ['free', 'trial']));
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(...order);
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** A product also after it was withdrawn from the catalogue: a paid checkout of it is still delivered and renewed. */
export async function findProductIncludingWithdrawn(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the products, or overwrites every catalogue column of an existing id. */
export async function upsertProducts(db: Db, rows: (typeof products.$inferInsert)[]): Promise<void> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({
      target: products.id,
      set: {
        name: excluded('name'),
        pluginName: excluded('plugin_name'),
        tier: excluded('tier'),
        priceAmount: excluded('price_amount'),
        currency: excluded('currency'),
        licenseType: excluded('license_type'),
        durationUnit: excluded('duration_unit'),
        duration: excluded('duration'),
        maxRegistrations: excluded('max_registrations'),
        extraOptions: excluded('extra_options'),
        isActive: excluded('is_active'),
        sortOrder: excluded('sort_order'),
      },
    });
}
