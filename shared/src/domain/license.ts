import { z } from 'zod';
import { extraOptionsSchema, moneySchema, pluginNameSchema } from './catalogue';
import { LICENSE_PAGE_SIZE } from './constants';
import { LICENSE_SORT_ORDERS, LICENSE_TYPES, STATUSES } from './enums';

export const LICENSE_USER_TYPES = ['email', 'domain', 'ip', 'deviceInfo'] as const;
export const SUBSCRIPTION_STATUSES = ['Active', 'Inactive', 'Expired', 'Cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Whether a subscription renews or ends at its period end: what cancelling and undoing the cancellation answer, and
 * the head of a license's subscription.
 */
export const subscriptionStandingSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
});

export type SubscriptionStanding = z.infer<typeof subscriptionStandingSchema>;

export const licenseSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  pluginName: pluginNameSchema,
  key: z.string(),
  status: z.enum(STATUSES),
  licenseCreated: z.string(),
  licenseExpired: z.string().nullable(),
  /**
   * Set while a renewal payment of the license is open (the automatic charge failed): the license keeps working
   * until this moment although licenseExpired has passed (the payment grace); afterwards the payment is overdue.
   * Null or absent: no open renewal.
   */
  paymentGraceUntil: z.string().nullable().optional(),
  licenseTypeDetails: z.object({
    type: z.enum(LICENSE_TYPES),
    extraOptions: extraOptionsSchema.optional(),
    /** How many places (emails, domains, IPs, devices) the license may be registered at. */
    maxRegistrationsCount: z.number().optional(),
  }),
  licenseUser: z.array(z.object({ type: z.enum(LICENSE_USER_TYPES), value: z.string() })),
  priceNetto: moneySchema,
  /** The subscription behind a subscription license (null/absent for free, trial and permanent ones). */
  subscription: subscriptionStandingSchema
    .extend({
      /**
       * The open renewal invoice of an Inactive subscription (its automatic charge was declined): the seller's
       * "Pay now" opens paymentUrl in the payment window; paying it makes the subscription Active again.
       */
      renewalInvoice: z.object({ id: z.string(), paymentUrl: z.string().nullable() }).nullable().optional(),
      /**
       * A plan change that waits for the period end (a cheaper plan, fewer extras): the renewal at effectiveAt
       * switches the license to productId and bills it.
       */
      scheduledChange: z
        .object({ productId: z.string(), productName: z.string(), effectiveAt: z.string() })
        .nullable()
        .optional(),
      /**
       * The payment provider bills the old plan until the seller approves the new one there (PayPal): the link to do
       * so. A scheduled change waits for it.
       */
      providerApprovalUrl: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export type License = z.infer<typeof licenseSchema>;

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
