import { isLicenseValid, type ExtraOptions, type License, type SubscriptionStatus } from '@portal/shared/domain';
import type { licenses } from '../../db/schema';
import type { ProductRow } from './product';

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * The status clients see: the stored one, except that an 'active' license that is not valid by the shared
 * isLicenseValid() (its expiry and any payment grace have passed) is reported as 'inactive'.
 */
export function effectiveStatus(
  row: Pick<LicenseRow, 'status' | 'expiresAt' | 'paymentGraceUntil'>,
  now = new Date(),
): License['status'] {
  const license = {
    status: row.status,
    licenseExpired: row.expiresAt?.toISOString() ?? null,
    paymentGraceUntil: row.paymentGraceUntil?.toISOString() ?? null,
  };
  return row.status === 'active' && !isLicenseValid(license, now) ? 'inactive' : row.status;
}

/** The columns a license view is made of (the license page builds the same view: licenseItem). */
export interface LicenseViewRow {
  id: string;
  key: string;
  status: LicenseRow['status'];
  created_at: Date;
  expires_at: Date | null;
  payment_grace_until: Date | null;
  license_users: LicenseRow['licenseUsers'];
  extra_options: LicenseRow['extraOptions'];
  product_id: string;
  product_name: string;
  plugin_name: string;
  license_type: ProductRow['licenseType'];
  max_registrations: number;
  product_options: ProductRow['extraOptions'];
  price_amount: number;
  currency: string;
  /** Already derived in SQL (EFFECTIVE_STATUS), the same rule as effectiveStatus(). */
  effective_status: License['status'];
  subscription_id?: string | null;
  subscription_status?: SubscriptionStatus | null;
  cancel_at_period_end?: boolean | null;
  current_period_end?: Date | string | null;
  /** The open renewal invoice of an Inactive subscription (declined automatic charge). */
  renewal_invoice_id?: string | null;
  renewal_payment_url?: string | null;
}

const iso = (value: Date | string | null | undefined) =>
  value == null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toLicenseView(row: LicenseViewRow): License {
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  const expires =
    row.expires_at == null ? null : row.expires_at instanceof Date ? row.expires_at : new Date(row.expires_at);
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    pluginName: row.plugin_name as License['pluginName'],
    key: row.key,
    status: row.effective_status,
    licenseCreated: created.toISOString(),
    licenseExpired: expires ? expires.toISOString() : null,
    paymentGraceUntil: iso(row.payment_grace_until),
    // The license's own options (e.g. chosen extra users) win over the product's.
    licenseTypeDetails: {
      type: row.license_type,
      maxRegistrationsCount: row.max_registrations,
      extraOptions: { ...row.product_options, ...row.extra_options } as ExtraOptions,
    },
    licenseUser: row.license_users,
    priceNetto: { amount: row.price_amount, currency: row.currency },
    ...(row.subscription_id !== undefined
      ? {
          subscription: row.subscription_id
            ? {
                id: row.subscription_id,
                status: row.subscription_status ?? 'Active',
                cancelAtPeriodEnd: !!row.cancel_at_period_end,
                currentPeriodEnd: iso(row.current_period_end),
                renewalInvoice: row.renewal_invoice_id
                  ? { id: row.renewal_invoice_id, paymentUrl: row.renewal_payment_url ?? null }
                  : null,
              }
            : null,
        }
      : {}),
  };
}

export function toLicense(row: LicenseRow, product: ProductRow, now = new Date()): License {
  return toLicenseView({
    id: row.id,
    key: row.key,
    status: row.status,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    payment_grace_until: row.paymentGraceUntil,
    license_users: row.licenseUsers,
    extra_options: row.extraOptions,
    product_id: product.id,
    product_name: product.name,
    plugin_name: product.pluginName,
    license_type: product.licenseType,
    max_registrations: product.maxRegistrations,
    product_options: product.extraOptions,
    price_amount: product.priceAmount,
    currency: product.currency,
    effective_status: effectiveStatus(row, now),
  });
}
