// Changing the plan of a live subscription (another tier, billing period or number of extras of the same plugin):
// when it takes effect and what it costs. One rule for the api's quote, its invoice and the buy page.
//
// The subscription keeps its period end. A change that costs more per day than what was paid for the current
// period takes effect at once: the invoice charges the new plan for the rest of the current period and credits the
// unused part of what was paid (a line of its own, negative); the next renewal bills the new plan. Any other change
// takes effect at the period end, when the renewal bills the new plan for a whole period; nothing is charged before.
// So the subscription keeps one timeline, which is also how a payment provider's own subscription bills after a
// revision. All amounts are net cents.
import { DURATION_UNIT_MS } from './license-validity';
import { vatAmount, type TaxBuyer, vatTreatment } from './tax';
import type { PurchaseQuote, QuoteRow } from './purchase';
import type { DurationUnit } from './enums';

export type PlanChangeTiming = 'now' | 'period_end';

/** The current period of the live subscription and what was paid for it. */
export interface PaidPeriod {
  start: Date;
  end: Date;
  /** Net cents paid for this period (its invoice's charged rows), which the credit can never exceed. */
  paidNetCents: number;
}

/** The row kind of the credit on a plan change invoice (a negative amount). */
export const PLAN_CHANGE_CREDIT_KIND = 'plan_change_credit' satisfies QuoteRow['kind'];

/**
 * `amountCents` × `part` / `whole`, rounded half up to the cent, in exact integer arithmetic (BigInt: cents times
 * milliseconds exceed 2^53). A negative part counts as 0.
 */
export function prorate(amountCents: number, part: number, whole: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be a cent amount ≥ 0');
  if (!(whole > 0)) return 0;
  const p = BigInt(Math.round(Math.max(part, 0)));
  const w = BigInt(Math.round(whole));
  return Number((2n * BigInt(amountCents) * p + w) / (2n * w));
}

const periodMs = (period: Pick<PaidPeriod, 'start' | 'end'>) => period.end.getTime() - period.start.getTime();

/** Milliseconds of the current period still ahead of `now`: all of it before its start, 0 once it is over. */
export const remainingMs = (period: Pick<PaidPeriod, 'start' | 'end'>, now: Date): number =>
  Math.max(0, Math.min(periodMs(period), period.end.getTime() - now.getTime()));

/** The length of one billing period of a plan, in milliseconds (the lengths licenses are extended by). */
export const planPeriodMs = (duration: { unit: DurationUnit; duration: number }): number =>
  duration.duration * DURATION_UNIT_MS[duration.unit];

/** The unused part of what was paid for the current period, net cents (never more than was paid, never negative). */
export function unusedCredit(period: PaidPeriod, now: Date): number {
  return prorate(period.paidNetCents, remainingMs(period, now), periodMs(period));
}

/**
 * 'now' when the new plan costs more per unit of time than what was paid for the current period (its net price
 * over its period length against the paid net over the paid period, cross-multiplied without rounding), so its
 * charge for the rest of the period exceeds the credit; 'period_end' otherwise (cheaper, or equal).
 */
export function planChangeTiming(
  period: Pick<PaidPeriod, 'start' | 'end' | 'paidNetCents'>,
  next: { netCents: number; periodMs: number },
): PlanChangeTiming {
  const nextRate = BigInt(next.netCents) * BigInt(Math.round(periodMs(period)));
  const paidRate = BigInt(period.paidNetCents) * BigInt(Math.round(next.periodMs));
  return nextRate > paidRate ? 'now' : 'period_end';
}

export interface PlanChangeQuote {
  timing: PlanChangeTiming;
  /** When the new plan applies: now, or the current period's end. */
  effectiveAt: Date;
  /** What is charged now ('now': the prorated rows and the credit; 'period_end': nothing, an empty quote). */
  quote: PurchaseQuote;
  /** The credit on the invoice, net cents (0 for 'period_end'). */
  creditCents: number;
}

/**
 * The quote of a plan change. `nextQuote` is the new plan's quote for one whole period of `nextPeriodMs`
 * (quotePurchase); each of its rows keeps its count and gets the unit price of the rest of the current period, and
 * the credit for the unused part of what was paid is added as a row of kind PLAN_CHANGE_CREDIT_KIND (described by
 * `currentName`). The credit is capped at the prorated charge, so the total is never negative; a change whose
 * charge comes to nothing waits for the period end.
 */
export function quotePlanChange(input: {
  period: PaidPeriod;
  nextQuote: PurchaseQuote;
  nextPeriodMs: number;
  currentName: string;
  buyer: TaxBuyer;
  now: Date;
}): PlanChangeQuote {
  const { period, nextQuote, nextPeriodMs, currentName, buyer, now } = input;
  const vat = vatTreatment(buyer);
  const empty: PlanChangeQuote = {
    timing: 'period_end',
    effectiveAt: period.end,
    creditCents: 0,
    quote: { currency: nextQuote.currency, rows: [], netCents: 0, vat, vatCents: 0, grossCents: 0 },
  };
  const remaining = remainingMs(period, now);
  if (planChangeTiming(period, { netCents: nextQuote.netCents, periodMs: nextPeriodMs }) === 'period_end') return empty;
  if (remaining === 0) return empty;

  const rows: QuoteRow[] = nextQuote.rows.map((row) => {
    const unitPriceCents = prorate(row.unitPriceCents, remaining, nextPeriodMs);
    return { ...row, unitPriceCents, amountCents: row.quantity * unitPriceCents };
  });
  const charge = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const creditCents = Math.min(unusedCredit(period, now), charge);
  if (charge - creditCents <= 0) return empty;
  rows.push({
    kind: PLAN_CHANGE_CREDIT_KIND,
    description: currentName,
    quantity: 1,
    unitPriceCents: -creditCents,
    amountCents: -creditCents,
  });
  const netCents = charge - creditCents;
  const vatCents = vatAmount(netCents, vat.ratePercent);
  return {
    timing: 'now',
    effectiveAt: now,
    creditCents,
    quote: { currency: nextQuote.currency, rows, netCents, vat, vatCents, grossCents: netCents + vatCents },
  };
}
