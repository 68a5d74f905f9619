import type { Db } from '../../../db/client';
import { CATALOGUE } from './catalogue-data';
import { upsertProducts } from './repository';

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
  await upsertProducts(db, rows);
}
