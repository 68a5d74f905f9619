// What an invoice is for the api and the invoices page: the view schema, the list query, the status label rule and
// the number format.
import { z } from 'zod';
import { normalizedEmailSchema } from './email';
import { DEFAULT_CURRENCY, INVOICE_PAGE_SIZE } from './constants';
import { wholeNumber } from './license';
import { INVOICE_KINDS, LANGUAGES } from './enums';
import { vatVerificationSchema } from './vat-verification';

/** Expired: a checkout invoice left unpaid for CHECKOUT_EXPIRY_HOURS (no number, cannot be paid). */
export const PAYMENT_STATUSES = ['Created', 'Pending', 'Paid', 'Failed', 'Refunded', 'Expired'] as const;

export const PROCEED_TYPES = [
  'ResponseOnly',
  'PaypalPayment',
  'PaypalPaymentSubscriptionManualPayment',
  'PaypalPaymentSubscriptionAutoPayment',
] as const;

/** Largest page of GET /invoice/list (the purchase dialog reloads page 1 with 100). */
export const INVOICE_MAX_PAGE_SIZE = 100;

/** Series of regular and cancellation invoices: one gap-free counter per series and year. */
export const INVOICE_SERIES = 'RE';

/** `RE-2026-000123`: series, year of finalization, six-digit counter. */
export function formatInvoiceNumber(series: string, year: number, value: number): string {
  return `${series}-${year}-${String(value).padStart(6, '0')}`;
}

export const INVOICE_NUMBER_PATTERN = /^[A-Z]{2,5}-\d{4}-\d{6,}$/;

/** The buyer as the profile said when the invoice was created; later profile changes do not touch it. */
export const buyerSnapshotSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  vatId: z.string(),
  /**
   * VIES's confirmation of vatId when the invoice was made (valid: name, address, consultation number, date): the
   * proof a reverse-charge invoice keeps. Null when VIES did not confirm it; absent on invoices made before.
   */
  vatVerification: vatVerificationSchema.nullable().optional(),
  invoiceEmail: z.string(),
  language: z.enum(LANGUAGES),
});
export type BuyerSnapshot = z.infer<typeof buyerSnapshotSchema>;

/** Who an invoice is billed to: the company name, or the full name when there is none. */
export function buyerDisplayName(buyer: Pick<BuyerSnapshot, 'companyName' | 'firstName' | 'lastName'>): string {
  return buyer.companyName.trim() || `${buyer.firstName} ${buyer.lastName}`.trim();
}

export const invoiceProductSchema = z.object({ productId: z.string(), info: z.string(), type: z.string() });

/** GET /invoice/{id} and one item of GET /invoice/list (the invoice view, plus the tax facts). */
export const invoiceViewSchema = z.object({
  id: z.string(),
  /** NULL while the invoice is a draft (not paid). */
  invoice_number: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  cancels_invoice_id: z.string().nullable(),
  invoice_date: z.string(),
  /** Same as invoice_date; the invoices table's date column reads this one. */
  date: z.string(),
  payment_url: z.string().nullable(),
  /** Info of the first product, or null (the table shows a dash). */
  plugin: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /** Gross in cents. */
  total: z.number(),
  amount_with_vat: z.number().default(0),
  amount_net: z.number(),
  vat_amount: z.number(),
  vat_rate: z.number(),
  reverse_charge: z.boolean(),
  currency: z.string().default(DEFAULT_CURRENCY),
  products: z.array(invoiceProductSchema),
  proceed_type: z.enum(PROCEED_TYPES),
  service_period: z.object({ start: z.string(), end: z.string().nullable() }).nullable(),
  /** True once the PDF exists (finalized invoices). */
  has_pdf: z.boolean(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const invoiceListResponseSchema = z.object({
  invoice_list: z.array(invoiceViewSchema),
  total: z.number(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceCountResponseSchema = z.object({ total: z.number() });

/** GET /invoice/list?email&limit&offset (offset = (page - 1) * pageSize). */
export const invoiceListQuerySchema = z.object({
  email: normalizedEmailSchema.optional(),
  // Digits or whole JSON numbers only (no 'true', '1e5', '0x10'): the shared wholeNumber rule.
  limit: wholeNumber('validation_limit_invalid')
    .pipe(z.number().min(1, 'validation_limit_invalid').max(INVOICE_MAX_PAGE_SIZE, 'validation_limit_invalid'))
    .default(INVOICE_PAGE_SIZE),
  offset: wholeNumber('validation_offset_invalid')
    .pipe(z.number().min(0, 'validation_offset_invalid').max(1_000_000, 'validation_offset_invalid'))
    .default(0),
});

/** POST /invoice/{id}/download: the stored PDF as base64 and the file name (the invoice number). */
export const invoiceDownloadResponseSchema = z.object({
  file_name: z.string(),
  content_type: z.literal('application/pdf'),
  data: z.string(),
});
export type InvoiceDownloadResponse = z.infer<typeof invoiceDownloadResponseSchema>;

/** GET /invoice/{id}/payment-check: the invoice's payment with its status. */
export const paymentCheckResponseSchema = z.object({
  invoice_id: z.string(),
  payment: z.object({ status: z.enum(PAYMENT_STATUSES) }),
  invoice_number: z.string().nullable(),
});
export type PaymentCheckResponse = z.infer<typeof paymentCheckResponseSchema>;

// The invoices page's rules, without zod (a page that shows invoices does not download it).
export * from './invoice-rules';
