// POST /invoice: what a buyer sends (a product and the counters, never an amount) and what comes back.
import { z } from 'zod';
import { purchaseQuoteSchema, purchaseSelectionSchema } from './pricing';

/** Strict: a client that sends amount, unit_price or rows gets 400 naming the field. */
export const purchaseRequestSchema = z.strictObject({
  product_id: z
    .string({ error: 'validation_product_required' })
    .trim()
    .min(1, { error: 'validation_product_required' }),
  ...purchaseSelectionSchema.shape,
  /** fresh_desk paid plans: "I agree to automatic package upgrades if base limits are exceeded". */
  auto_upgrade_consent: z.boolean().default(false),
});
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

export const purchaseResponseSchema = z.object({
  invoice_id: z.string(),
  /** Where the payment window goes (the provider's checkout page). */
  payment_url: z
    .string()
    .describe('Relative for the sandbox (/api/payment/sandbox/<ref>), PayPal’s approve link otherwise'),
  /** Same as payment_url for the sandbox; PayPal's approve link otherwise. */
  proceed_url: z.string(),
  quote: purchaseQuoteSchema.describe('The amounts the invoice carries, computed by the api from the catalogue'),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;
