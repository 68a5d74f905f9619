// Month-end usage above the plan: extra 1000-email blocks at the plan's block price, at most 45 € a month.
import { z } from 'zod';
import { EMAIL_BLOCK_SIZE, MAX_MONTHLY_OVERAGE_EUR } from './constants';
import { includedEmailsPerMonth } from './license-check';

export interface OverageInput {
  used: number;
  options: { email_quota_base?: number; extra_email_count?: number; email_block_price_cents?: number };
  /** Yearly plans carry yearly extra prices (the buy page shows them ÷ 12); overage is charged per month. */
  billing: 'monthly' | 'yearly';
}

export interface Overage {
  included: number;
  /** Emails above what the plan includes. */
  excess: number;
  /** Started 1000-email blocks. */
  blocks: number;
  blockPriceCents: number;
  /** blocks × block price, capped at MAX_MONTHLY_OVERAGE_EUR. */
  amountCents: number;
  capped: boolean;
}

export const MAX_MONTHLY_OVERAGE_CENTS = MAX_MONTHLY_OVERAGE_EUR * 100;

export function monthlyOverage({ used, options, billing }: OverageInput): Overage {
  const included = includedEmailsPerMonth(options);
  const excess = Math.max(0, used - included);
  const blocks = Math.ceil(excess / EMAIL_BLOCK_SIZE);
  const listed = options.email_block_price_cents ?? 0;
  const blockPriceCents = billing === 'yearly' ? Math.round(listed / 12) : listed;
  const uncapped = blocks * blockPriceCents;
  return {
    included,
    excess,
    blocks,
    blockPriceCents,
    amountCents: Math.min(uncapped, MAX_MONTHLY_OVERAGE_CENTS),
    capped: uncapped > MAX_MONTHLY_OVERAGE_CENTS,
  };
}

/** GET /subscription/overage/pending: active subscriptions whose overage waits for approval. */
export const pendingOveragesSchema = z.object({ subscriptions_to_approve: z.array(z.object({ id: z.string() })) });
export type PendingOverages = z.infer<typeof pendingOveragesSchema>;

/** POST /subscription/{id}/overage/approve: the provider's page where the seller approves the charge. */
export const overageApprovalSchema = z.object({ approval_url: z.string() });
export type OverageApproval = z.infer<typeof overageApprovalSchema>;
