import { isLicenseValid, type ExtraOptions, type License } from '@portal/shared/domain';
import type { licenses } from '../../db/schema';
import type { ProductRow } from './product';

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * The status clients see: the stored one, except that an 'active' license that is not valid by the shared
 * isLicenseValid() (its expiry has passed) is reported as 'inactive'.
 */
export function effectiveStatus(row: Pick<LicenseRow, 'status' | 'expiresAt'>, now = new Date()): License['status'] {
  const license = { status: row.status, licenseExpired: row.expiresAt?.toISOString() ?? null };
  return row.status === 'active' && !isLicenseValid(license, now) ? 'inactive' : row.status;
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
      maxRegistrationsCount: product.maxRegistrations,
      extraOptions: { ...product.extraOptions, ...row.extraOptions } as ExtraOptions,
    },
    licenseUser: row.licenseUsers,
    priceNetto: { amount: product.priceAmount, currency: product.currency },
  };
}
