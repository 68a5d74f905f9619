import type { ExtraOptions, Product } from '@portal/shared/domain';
import type { products } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';

export type ProductRow = typeof products.$inferSelect;

export const productNotFound = () => new HttpError(404, 'product-not-found', 'Product not found');

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    pluginName: row.pluginName as Product['pluginName'],
    tier: (row.tier as Product['tier']) ?? null,
    priceNetto: { amount: row.priceAmount, currency: row.currency },
    licenseTypeDetails: [
      {
        type: row.licenseType,
        licenseValidDuration:
          row.durationUnit && row.duration != null ? [{ unit: row.durationUnit, duration: row.duration }] : [],
        maxRegistrationsCount: row.maxRegistrations,
        extraOptions: row.extraOptions as ExtraOptions,
      },
    ],
  };
}
