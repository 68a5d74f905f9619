// POST /invoice: what a buyer sends (a product and the counters, never an amount) and what comes back, with the
// shapes of a quote (computed by pricing.ts, which stays free of zod for the buy sections).
import { z } from 'zod';
import { EXTRA_COUNTER, VAT_PERCENT } from './constants';

/** How a sale is taxed (decided by tax.ts): German VAT, the buyer's member state's rate, reverse charge, or none. */
export const vatTreatmentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('standard'), ratePercent: z.literal(VAT_PERCENT) }),
  /** A buyer elsewhere in the EU without a confirmed VAT ID: that state's standard rate (One-Stop-Shop). */
  z.object({ kind: z.literal('oss'), ratePercent: z.number().positive(), country: z.string().length(2) }),
  z.object({ kind: z.literal('reverse_charge'), ratePercent: z.literal(0) }),
  /** A buyer outside the EU: not taxable in Germany. */
  z.object({ kind: z.literal('not_taxable'), ratePercent: z.literal(0) }),
]);
export type VatTreatment = z.infer<typeof vatTreatmentSchema>;

const counterSchema = z
  .number({ error: 'validation_counter_invalid' })
  .int({ error: 'validation_counter_invalid' })
  .min(EXTRA_COUNTER.min, { error: 'validation_counter_invalid' })
  .max(EXTRA_COUNTER.max, { error: 'validation_counter_invalid' })
  .default(0);

/** The counters a buyer chooses on a card (0..46 each). */
export const purchaseSelectionSchema = z.object({
  extra_users_count: counterSchema,
  extra_email_blocks: counterSchema,
});
export type PurchaseSelection = z.infer<typeof purchaseSelectionSchema>;

export const quoteRowSchema = z.object({
  /** plan_change_credit: the unused part of the current plan on a plan change (a negative amount). */
  kind: z.enum(['base', 'extra_users', 'extra_email_blocks', 'plan_change_credit']),
  /**
   * Product name for 'base' and for the plan a credit is for; the invoice renders extras in the buyer's language by
   * kind.
   */
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** quantity × unitPriceCents, net. */
  amountCents: z.number().int(),
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;
export type QuoteRowKind = QuoteRow['kind'];

/**
 * Set when the product is another plan of a plugin the seller subscribes to: a change of that subscription, not a
 * second one. 'now': the quote charges the new plan for the rest of the current period less the credit for its
 * unused part; 'period_end': nothing is charged now, the quote is what the renewal at effective_at will bill.
 */
export const planChangeInfoSchema = z.object({
  timing: z.enum(['now', 'period_end']),
  effective_at: z.string(),
  credit_cents: z.number().int(),
  subscription_id: z.string(),
  from_product_id: z.string(),
  from_product_name: z.string(),
});
export type PlanChangeInfo = z.infer<typeof planChangeInfoSchema>;

export const purchaseQuoteSchema = z.object({
  currency: z.string(),
  rows: z.array(quoteRowSchema),
  netCents: z.number().int(),
  vat: vatTreatmentSchema,
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  plan_change: planChangeInfoSchema.optional(),
});
export type PurchaseQuote = z.infer<typeof purchaseQuoteSchema>;

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

/** POST /invoice of a plan change that waits for the period end: nothing to pay now, the change is recorded. */
export const planChangeScheduledSchema = z.object({
  scheduled: z.object({ product_id: z.string(), effective_at: z.string() }),
  quote: purchaseQuoteSchema,
  /**
   * Where the seller approves the new price at the payment provider (PayPal bills the old plan until then); null when
   * the provider needs no approval.
   */
  approval_url: z.string().nullable().optional(),
});
export type PlanChangeScheduled = z.infer<typeof planChangeScheduledSchema>;

/**
 * DELETE /subscription/{id}/scheduled-change: the plan change that waited for the period end is taken back; the
 * subscription renews its current plan. `approval_url`: the payment provider (PayPal) bills the current plan again only
 * once the seller approved it there; null when nothing waits.
 */
export const planChangeWithdrawnSchema = z.object({ approval_url: z.string().nullable() });
export type PlanChangeWithdrawn = z.infer<typeof planChangeWithdrawnSchema>;
