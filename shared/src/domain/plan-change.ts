// Changing the plan of a live subscription (another tier, billing period or number of extras of the same plugin):
// when it takes effect and what it costs. One rule for the api's quote, its invoice and the buy page.
//
// The subscription keeps its period end. A change that costs more per month than what was paid for the current
// period takes effect at once: the invoice charges the new plan for the rest of the current period and credits the
// unused part of what was paid (a line of its own, negative). Any other change takes effect at the period end, when
// the renewal bills the new plan for a whole period; nothing is charged before. All amounts are net cents.
import { vatAmount, type TaxBuyer, vatTreatment } from './tax';
import type { PurchaseQuote, QuoteRow } from './purchase';

export type PlanChangeTiming = 'now' | 'period_end';

/** A plan's recurring net price (base and extras) for one billing period of `months` months. */
export interface PlanPrice {
  netCents: number;
  /** Length of one billing period in months (1 monthly, 6 half-yearly, 12 yearly). */
  months: number;
}

/** The current period of the live subscription and what was paid for it. */
export interface PaidPeriod {
  start: Date;
  end: Date;
  /** Net cents paid for this period (its invoice), which the credit can never exceed. */
  paidNetCents: number;
  months: number;
}

/** The row kind of the credit on a plan change invoice (a negative amount). */
export const PLAN_CHANGE_CREDIT_KIND = 'plan_change_credit' satisfies QuoteRow['kind'];

/**
 * `amountCents` × `part` / `whole`, rounded half up to the cent, in exact integer arithmetic (BigInt: cents times
 * milliseconds exceed 2^53). `part` is clamped to 0..whole, so the result stays between 0 and `amountCents`.
 */
export function prorate(amountCents: number, part: number, whole: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be a cent amount ≥ 0');
  if (!(whole > 0)) return 0;
  const p = BigInt(Math.round(Math.min(Math.max(part, 0), whole)));
  const w = BigInt(Math.round(whole));
  return Number((2n * BigInt(amountCents) * p + w) / (2n * w));
}

const periodMs = (period: Pick<PaidPeriod, 'start' | 'end'>) => period.end.getTime() - period.start.getTime();

/** Milliseconds of the current period still ahead of `now`: all of it before its start, 0 once it is over. */
export const remainingMs = (period: Pick<PaidPeriod, 'start' | 'end'>, now: Date): number =>
  Math.max(0, Math.min(periodMs(period), period.end.getTime() - now.getTime()));

/** The unused part of what was paid for the current period, net cents (never more than was paid, never negative). */
export function unusedCredit(period: PaidPeriod, now: Date): number {
  return prorate(period.paidNetCents, remainingMs(period, now), periodMs(period));
}

/**
 * What one unit of a row of the new plan costs for the rest of the current period: its price per month (its period's price
 * over its months) times the current period's months, times the part of the period still ahead.
 */
function proratedUnit(unitCents: number, next: PlanPrice, period: PaidPeriod, now: Date): number {
  return prorate(unitCents * period.months, remainingMs(period, now), periodMs(period) * next.months);
}

/**
 * 'now' when the new plan costs more per month than what was paid per month for the current period (compared by
 * cross-multiplying, no rounding), so its charge for the rest of the period exceeds the credit; 'period_end'
 * otherwise (cheaper, or equal).
 */
export function planChangeTiming(period: Pick<PaidPeriod, 'paidNetCents' | 'months'>, next: PlanPrice): PlanChangeTiming {
  return next.netCents * period.months > period.paidNetCents * next.months ? 'now' : 'period_end';
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
 * The quote of a plan change. `nextQuote` is the new plan's quote for a whole period (quotePurchase); its rows are
 * prorated to the rest of the current period and the credit for the unused part of what was paid is added as a
 * row of kind PLAN_CHANGE_CREDIT_KIND (described by `currentName`). The credit is capped at the prorated charge,
 * so the total is never negative; a change whose charge would round to nothing waits for the period end.
 */
export function quotePlanChange(input: {
  period: PaidPeriod;
  nextQuote: PurchaseQuote;
  nextMonths: number;
  currentName: string;
  buyer: TaxBuyer;
  now: Date;
}): PlanChangeQuote {
  const { period, nextQuote, nextMonths, currentName, buyer, now } = input;
  const next: PlanPrice = { netCents: nextQuote.netCents, months: nextMonths };
  const vat = vatTreatment(buyer);
  const empty: PlanChangeQuote = {
    timing: 'period_end',
    effectiveAt: period.end,
    creditCents: 0,
    quote: { currency: nextQuote.currency, rows: [], netCents: 0, vat, vatCents: 0, grossCents: 0 },
  };
  if (planChangeTiming(period, next) === 'period_end' || remainingMs(period, now) === 0) return empty;

  // Each row keeps its count; its unit price is the part of the period still ahead (quantity × unit = amount).
  const rows: QuoteRow[] = nextQuote.rows.map((row) => {
    const unitPriceCents = proratedUnit(row.unitPriceCents, next, period, now);
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

/** Months of one billing period of a plan (whole months; a period counted in days counts as at least one month). */
export function monthsPerPeriod(duration: { unit: 'day' | 'month' | 'year'; duration: number }): number {
  if (duration.unit === 'year') return 12 * duration.duration;
  if (duration.unit === 'month') return duration.duration;
  return Math.max(1, Math.round(duration.duration / 30));
}
