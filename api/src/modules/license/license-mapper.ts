import { LICENSE_TYPES, PLUGIN_NAMES, STATUSES, type ExtraOptions, type License } from '@portal/shared/domain';
import { z } from 'zod';
import type { licenses } from '../../db/schema';
import { extraOptionsSchema, moneySchema, type ProductRow } from '../catalogue/product-schema';

export type LicenseRow = typeof licenses.$inferSelect;

/** License of shared/src/domain/types.ts. */
export const licenseSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  pluginName: z.enum(PLUGIN_NAMES),
  key: z.string(),
  status: z.enum(STATUSES),
  licenseCreated: z.string(),
  licenseExpired: z.string().nullable(),
  licenseTypeDetails: z.object({ type: z.enum(LICENSE_TYPES), extraOptions: extraOptionsSchema.optional() }),
  licenseUser: z.array(z.object({ type: z.enum(['email', 'domain', 'ip', 'deviceInfo']), value: z.string() })),
  priceNetto: moneySchema,
});

/**
 * The status clients see: the stored one, except that an 'active' license whose expiry has passed is
 * reported as 'inactive'. So `status === 'active'` already means "not expired"; clients still use
 * isLicenseValid() from @portal/shared, which agrees with this.
 */
export function effectiveStatus(row: Pick<LicenseRow, 'status' | 'expiresAt'>, now = new Date()): License['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'inactive';
  return row.status;
}

export function toLicense(row: LicenseRow, product: ProductRow, now = new Date()): License {
  return {
    id: row.id,
    productId: product.id,
    productName: product.name,
    pluginName: product.pluginName as License['pluginName'],
    key: row.key,
    status: effectiveStatus(row, now),
    licenseCreated: row.createdAt.toISOString(),
    licenseExpired: row.expiresAt ? row.expiresAt.toISOString() : null,
    // The license's own options (e.g. chosen extra users) win over the product's.
    licenseTypeDetails: {
      type: product.licenseType,
      extraOptions: { ...product.extraOptions, ...row.extraOptions } as ExtraOptions,
    },
    licenseUser: row.licenseUsers,
    priceNetto: { amount: product.priceAmount, currency: product.currency },
  };
}
