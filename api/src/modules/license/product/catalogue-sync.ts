import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import { CATALOGUE } from './catalogue-data';

/** Upserts every catalogue product (idempotent; prices and options follow catalogue-data.ts). */
export async function syncCatalogue(db: Db): Promise<void> {
  const rows = CATALOGUE.map((p) => ({
    id: p.id,
    name: p.name,
    pluginName: p.pluginName,
    tier: p.tier,
    priceAmount: p.priceAmount,
    currency: 'EUR',
    licenseType: p.licenseType,
    durationUnit: p.duration?.unit ?? null,
    duration: p.duration?.duration ?? null,
    maxRegistrations: p.maxRegistrations,
    extraOptions: p.extraOptions as Record<string, unknown>,
    isActive: true,
    sortOrder: p.sortOrder,
  }));
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
