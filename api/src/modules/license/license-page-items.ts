import { extraOptionsSchema, type License, type SubscriptionStatus } from '@portal/shared/domain';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The columns of one license view as plain values for the page built in the api (listOwnerLicensePage): times as
 * epoch milliseconds (cheaper to read than timestamps), the product's and the license's options merged once.
 */
export const licenseItemColumnsSql = (effectiveStatus: SQL) => sql`
  l.id, l.key, ${effectiveStatus} AS status,
  floor(extract(epoch FROM l.created_at) * 1000)::float8 AS created_ms,
  floor(extract(epoch FROM l.expires_at) * 1000)::float8 AS expires_ms,
  floor(extract(epoch FROM l.payment_grace_until) * 1000)::float8 AS grace_ms,
  l.license_users, p.extra_options || l.extra_options AS extra_options,
  p.id AS product_id, p.name AS product_name, p.plugin_name, p.license_type, p.max_registrations,
  p.price_amount, p.currency,
  s.id AS subscription_id, s.status AS subscription_status, s.cancel_at_period_end,
  floor(extract(epoch FROM s.current_period_end) * 1000)::float8 AS period_end_ms,
  sp.id AS scheduled_product_id, sp.name AS scheduled_product_name, s.provider_approval_url,
  r.renewal_invoice_id, r.renewal_payment_url`;

export interface LicenseItemRow {
  id: string;
  key: string;
  status: License['status'];
  created_ms: number;
  expires_ms: number | null;
  grace_ms: number | null;
  license_users: { type: License['licenseUser'][number]['type']; value: string }[] | string;
  extra_options: Record<string, unknown> | string;
  product_id: string;
  product_name: string;
  plugin_name: License['pluginName'];
  license_type: License['licenseTypeDetails']['type'];
  max_registrations: number;
  price_amount: number;
  currency: string;
  subscription_id: string | null;
  subscription_status: SubscriptionStatus | null;
  cancel_at_period_end: boolean | null;
  period_end_ms: number | null;
  scheduled_product_id: string | null;
  scheduled_product_name: string | null;
  provider_approval_url: string | null;
  renewal_invoice_id: string | null;
  renewal_payment_url: string | null;
}

const EXTRA_OPTION_KEYS = Object.keys(extraOptionsSchema.shape);
const iso = (ms: number | null) => (ms == null ? null : new Date(Number(ms)).toISOString());
/** jsonb arrives parsed from node-postgres and PGlite; as text from a driver configured otherwise. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * One license of a page, key for key what toLicenseView() and the licenseSchema make of the same row (tested against
 * them): only the schema's keys, since the page is sent as JSON text without the response schema.
 */
export function licenseItem(row: LicenseItemRow): License {
  const options = parsed(row.extra_options);
  const extraOptions: Record<string, unknown> = {};
  for (const key of EXTRA_OPTION_KEYS) if (options[key] != null) extraOptions[key] = options[key];
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    pluginName: row.plugin_name,
    key: row.key,
    status: row.status,
    licenseCreated: iso(row.created_ms)!,
    licenseExpired: iso(row.expires_ms),
    paymentGraceUntil: iso(row.grace_ms),
    licenseTypeDetails: {
      type: row.license_type,
      extraOptions,
      maxRegistrationsCount: row.max_registrations,
    },
    licenseUser: parsed(row.license_users).map((u) => ({ type: u.type, value: u.value })),
    priceNetto: { amount: row.price_amount, currency: row.currency },
    subscription:
      row.subscription_id == null
        ? null
        : {
            id: row.subscription_id,
            status: row.subscription_status!,
            cancelAtPeriodEnd: row.cancel_at_period_end!,
            currentPeriodEnd: iso(row.period_end_ms),
            renewalInvoice:
              row.renewal_invoice_id == null
                ? null
                : { id: row.renewal_invoice_id, paymentUrl: row.renewal_payment_url },
            scheduledChange:
              row.scheduled_product_id == null || row.period_end_ms == null
                ? null
                : {
                    productId: row.scheduled_product_id,
                    productName: row.scheduled_product_name!,
                    effectiveAt: iso(row.period_end_ms)!,
                  },
            providerApprovalUrl: row.provider_approval_url,
          },
  } as License;
}
