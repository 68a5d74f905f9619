import { z } from 'zod';
import { extraOptionsSchema, moneySchema, pluginNameSchema } from './catalogue';
import { LICENSE_PAGE_SIZE } from './constants';
import { LICENSE_SORT_ORDERS, LICENSE_TYPES, STATUSES, type DurationSpec, type License } from './types';

export const LICENSE_USER_TYPES = ['email', 'domain', 'ip', 'deviceInfo'] as const;
export const SUBSCRIPTION_STATUSES = ['Active', 'Inactive', 'Expired', 'Cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const licenseSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  pluginName: pluginNameSchema,
  key: z.string(),
  status: z.enum(STATUSES),
  licenseCreated: z.string(),
  licenseExpired: z.string().nullable(),
  licenseTypeDetails: z.object({
    type: z.enum(LICENSE_TYPES),
    extraOptions: extraOptionsSchema.optional(),
    /** How many places (emails, domains, IPs, devices) the license may be registered at. */
    maxRegistrationsCount: z.number().optional(),
  }),
  licenseUser: z.array(z.object({ type: z.enum(LICENSE_USER_TYPES), value: z.string() })),
  priceNetto: moneySchema,
  /** The subscription behind a subscription license (null/absent for free, trial and permanent ones). */
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
      /**
       * The open renewal invoice of an Inactive subscription (its automatic charge was declined): the seller's
       * "Pay now" opens paymentUrl in the payment window; paying it makes the subscription Active again.
       */
      renewalInvoice: z.object({ id: z.string(), paymentUrl: z.string().nullable() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expiry estimate units (spec §4): a day 24 h, a month 30 days, a year 365 days. */
export const DURATION_UNIT_MS = { day: DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS } as const;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * THE license validity rule (CONTRACT §6): status 'active' and no expiry or one in the future. Free and permanent
 * licenses have no expiry and are valid. The api's SQL form of this rule is tested against this function.
 */
export function isLicenseValid(
  license: Pick<License, 'status' | 'licenseExpired'> | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!license || license.status !== 'active') return false;
  if (license.licenseExpired == null || license.licenseExpired === '') return true;
  const expiry = toDate(license.licenseExpired);
  return expiry != null && expiry.getTime() > now.getTime();
}

/** Plugin names a license counts for: mobile_default is a product under the mobile plugin. */
export function licenseMatchesPlugin(license: Pick<License, 'pluginName'>, pluginName: string): boolean {
  return license.pluginName === pluginName || (pluginName === 'mobile' && license.pluginName === 'mobile_default');
}

export function hasValidLicense(
  licenses: readonly License[] | null | undefined,
  /** A catalogue plugin name; a registry card may name a plugin the catalogue does not know (no license then). */
  pluginName: string,
  now: Date = new Date(),
): boolean {
  return (licenses ?? []).some((l) => licenseMatchesPlugin(l, pluginName) && isLicenseValid(l, now));
}

/** now + duration (a month = 30 days, a year = 365 days). Accepts a product's licenseValidDuration list (first entry). */
export function estimateExpiry(
  durationSpec: DurationSpec | readonly DurationSpec[] | null | undefined,
  now: Date = new Date(),
): Date | null {
  const spec: DurationSpec | null | undefined = Array.isArray(durationSpec)
    ? (durationSpec as readonly DurationSpec[])[0]
    : (durationSpec as DurationSpec | null | undefined);
  if (!spec || !(spec.unit in DURATION_UNIT_MS) || !Number.isFinite(spec.duration)) return null;
  return new Date(now.getTime() + spec.duration * DURATION_UNIT_MS[spec.unit]);
}

export interface LicenseStatusView {
  kind: 'expired' | 'expires' | 'none';
  /** The expiry date, null for 'none'. */
  date: Date | null;
  /** Whole days ago ('expired', rounded down) or remaining ('expires', rounded up); 0 for 'none'. */
  days: number;
}

/** Licenses table status column: 'expired' (red) with days ago, 'expires' (green) with days left, or a dash. */
export function licenseStatusView(license: Pick<License, 'licenseExpired'>, now: Date = new Date()): LicenseStatusView {
  const date = toDate(license.licenseExpired);
  if (!date) return { kind: 'none', date: null, days: 0 };
  const diff = date.getTime() - now.getTime();
  if (diff <= 0) return { kind: 'expired', date, days: Math.floor(-diff / DAY_MS) };
  return { kind: 'expires', date, days: Math.ceil(diff / DAY_MS) };
}

export type LicenseSortField = (typeof LICENSE_SORT_ORDERS)[number];
export type LicenseSortOrder = LicenseSortField | `${LicenseSortField}|ASC` | `${LicenseSortField}|DESC`;

export const LICENSE_SORT_ORDER_VALUES: readonly LicenseSortOrder[] = LICENSE_SORT_ORDERS.flatMap((f) => [
  f,
  `${f}|ASC` as const,
  `${f}|DESC` as const,
]);

export const licenseSortOrderSchema = z.enum(LICENSE_SORT_ORDER_VALUES as [LicenseSortOrder, ...LicenseSortOrder[]], {
  error: 'validation_sort_invalid',
});

export function parseLicenseSortOrder(order: LicenseSortOrder): { field: LicenseSortField; direction: 'ASC' | 'DESC' } {
  const [field, direction] = order.split('|') as [LicenseSortField, 'ASC' | 'DESC' | undefined];
  return { field, direction: direction ?? 'ASC' };
}

const SORT_KEY: Record<LicenseSortField, (l: License) => string> = {
  LicenseCreated: (l) => l.licenseCreated ?? '',
  LicenseExpired: (l) => l.licenseExpired ?? '',
  ProductName: (l) => l.productName.toLowerCase(),
};

/** A sorted copy. Dates are ISO strings, so string order is date order; missing expiries sort first ascending. */
export function sortLicenses<T extends License>(licenses: readonly T[], order: LicenseSortOrder): T[] {
  const { field, direction } = parseLicenseSortOrder(order);
  const sign = direction === 'DESC' ? -1 : 1;
  return [...licenses].sort((a, b) => {
    const ka = SORT_KEY[field](a);
    const kb = SORT_KEY[field](b);
    return ka < kb ? -sign : ka > kb ? sign : 0;
  });
}

export const LICENSE_MAX_PAGE_SIZE = 100;

/**
 * A whole number as JSON number or as decimal digits (a query string): '7' and 7, never 'true', '1e5', '0x10',
 * ' 7' or 7.5 (what z.coerce would let through).
 */
export function wholeNumber(key: string) {
  return z
    .union([z.number().int(key).max(1_000_000_000, key), z.string().regex(/^\d{1,9}$/, key)], { error: key })
    .transform((v) => Number(v));
}

/** Body of POST /license/filter and /license/filter/count. */
export const licenseFilterSchema = z.object({
  page: wholeNumber('validation_page_invalid').pipe(z.number().min(1, 'validation_page_invalid')).default(1),
  pageSize: wholeNumber('validation_pageSize_invalid')
    .pipe(z.number().min(1, 'validation_pageSize_invalid').max(LICENSE_MAX_PAGE_SIZE, 'validation_pageSize_invalid'))
    .default(LICENSE_PAGE_SIZE),
  sort: licenseSortOrderSchema.default('LicenseCreated|DESC'),
  pluginName: pluginNameSchema.optional(),
  status: z.enum(STATUSES, { error: 'validation_status_invalid' }).optional(),
});
export type LicenseFilter = z.infer<typeof licenseFilterSchema>;

export const licensePageSchema = z.object({
  items: z.array(licenseSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
