import fc from 'fast-check';
import {
  planChangeTiming,
  planPeriodMs,
  prorate,
  quotePlanChange,
  remainingMs,
  unusedCredit,
  type PaidPeriod,
} from './plan-change';
import { quotePurchase } from './pricing';
import type { Product } from './types';

const DAY = 86_400_000;
const DE = { country: 'DE', vatIdVerified: false };

const product = (name: string, cents: number, months: number, extraUserCents = 300): Product =>
  ({
    id: name,
    name,
    pluginName: 'fresh_desk',
    priceNetto: { amount: cents, currency: 'EUR' },
    licenseTypeDetails: [
      {
        type: 'subscription',
        licenseValidDuration: [months === 12 ? { unit: 'year', duration: 1 } : { unit: 'month', duration: months }],
        extraOptions: { extra_user_price_cents: extraUserCents * months, email_block_price_cents: 500 * months },
      },
    ],
  }) as unknown as Product;

const MONTH = planPeriodMs({ unit: 'month', duration: 1 });
const YEAR = planPeriodMs({ unit: 'year', duration: 1 });
const monthsMs = (months: number) => (months === 12 ? YEAR : months * MONTH);

const period = (paidNetCents: number, months: number, start = new Date('2026-11-01T00:00:00Z')): PaidPeriod => ({
  start,
  end: new Date(start.getTime() + monthsMs(months)),
  paidNetCents,
});

describe('prorate', () => {
  it('rounds half up to the cent and stays within 0..amount', () => {
    expect(prorate(1000, 1, 3)).toBe(333);
    expect(prorate(1000, 2, 3)).toBe(667);
    expect(prorate(1, 1, 2)).toBe(1);
    expect(prorate(1990, -5, 10)).toBe(0);
    expect(prorate(1990, 10, 10)).toBe(1990);
    expect(prorate(1990, 20, 10)).toBe(3980);
  });

  it('is exact for amounts times milliseconds beyond 2^53', () => {
    expect(prorate(99_999_999, 365 * DAY - 1, 365 * DAY)).toBe(99_999_999);
  });

  it('property: 0 ≤ share ≤ amount for a part of the whole, monotone, and the two shares of a split add up within a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 400 * DAY }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amount, whole, a, b) => {
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)].map((f) => Math.floor(f * whole));
          const share = prorate(amount, lo, whole);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(amount);
          expect(prorate(amount, hi, whole)).toBeGreaterThanOrEqual(share);
          expect(Math.abs(share + prorate(amount, whole - lo, whole) - amount)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('planChangeTiming', () => {
  const m = (paidNetCents: number) => period(paidNetCents, 1);
  it('is now when the new plan costs more per day than what was paid, at the period end otherwise', () => {
    expect(planChangeTiming(m(1990), { netCents: 2990, periodMs: MONTH })).toBe('now');
    expect(planChangeTiming(m(2990), { netCents: 1990, periodMs: MONTH })).toBe('period_end');
    // monthly → yearly of the same tier is cheaper per day (10 × monthly for a year)
    expect(planChangeTiming(m(1990), { netCents: 19900, periodMs: YEAR })).toBe('period_end');
    // Basic monthly → Optimal yearly costs more per day
    expect(planChangeTiming(m(1990), { netCents: 79900, periodMs: YEAR })).toBe('now');
    expect(planChangeTiming(m(1990), { netCents: 1990, periodMs: MONTH })).toBe('period_end');
  });
});

describe('quotePlanChange', () => {
  const basic = product('Fresh Desk Basic', 1990, 1);
  const optimal = product('Fresh Desk Optimal', 7990, 1);

  it('half way through a month: the new plan for half a month and a credit line of half of what was paid', () => {
    const p = period(1990, 1);
    const now = new Date(p.start.getTime() + 15 * DAY);
    const change = quotePlanChange({
      period: p,
      nextQuote: quotePurchase(optimal, { extra_users_count: 2 }, DE),
      nextPeriodMs: MONTH,
      currentName: basic.name,
      buyer: DE,
      now,
    });
    expect(change.timing).toBe('now');
    expect(change.effectiveAt).toEqual(now);
    expect(change.quote.rows).toEqual([
      { kind: 'base', description: 'Fresh Desk Optimal', quantity: 1, unitPriceCents: 3995, amountCents: 3995 },
      { kind: 'extra_users', description: 'extra_users', quantity: 2, unitPriceCents: 150, amountCents: 300 },
      {
        kind: 'plan_change_credit',
        description: 'Fresh Desk Basic',
        quantity: 1,
        unitPriceCents: -995,
        amountCents: -995,
      },
    ]);
    expect(change.creditCents).toBe(995);
    expect(change.quote.netCents).toBe(3300);
    expect(change.quote.vatCents).toBe(627);
    expect(change.quote.grossCents).toBe(3927);
  });

  it('a cheaper plan waits for the period end and charges nothing now', () => {
    const p = period(7990, 1);
    const change = quotePlanChange({
      period: p,
      nextQuote: quotePurchase(basic, {}, DE),
      nextPeriodMs: MONTH,
      currentName: optimal.name,
      buyer: DE,
      now: new Date(p.start.getTime() + DAY),
    });
    expect(change).toMatchObject({ timing: 'period_end', effectiveAt: p.end, creditCents: 0 });
    expect(change.quote).toMatchObject({ rows: [], netCents: 0, grossCents: 0 });
  });

  const scenario = fc.record({
    paid: fc.integer({ min: 0, max: 2_000_000 }),
    months: fc.constantFrom(1, 6, 12),
    nextMonths: fc.constantFrom(1, 6, 12),
    nextCents: fc.integer({ min: 1, max: 2_000_000 }),
    users: fc.integer({ min: 0, max: 46 }),
    blocks: fc.integer({ min: 0, max: 46 }),
    elapsed: fc.double({ min: -0.1, max: 1.1, noNaN: true }),
    reverseCharge: fc.boolean(),
  });

  it('property: credit ≤ what was paid, never negative, total ≥ 0, rows add up, VAT of the net', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const p = period(s.paid, s.months);
        const now = new Date(p.start.getTime() + Math.round(s.elapsed * (p.end.getTime() - p.start.getTime())));
        const buyer = s.reverseCharge ? { country: 'AT', vatId: 'ATU13585627', vatIdVerified: true } : DE;
        const next = product('Next', s.nextCents, s.nextMonths);
        const nextQuote = quotePurchase(next, { extra_users_count: s.users, extra_email_blocks: s.blocks }, buyer);
        const nextPeriodMs = monthsMs(s.nextMonths);
        const change = quotePlanChange({ period: p, nextQuote, nextPeriodMs, currentName: 'Now', buyer, now });
        const q = change.quote;

        expect(change.creditCents).toBeGreaterThanOrEqual(0);
        expect(change.creditCents).toBeLessThanOrEqual(s.paid);
        expect(change.creditCents).toBeLessThanOrEqual(unusedCredit(p, now));
        expect(q.netCents).toBeGreaterThanOrEqual(0);
        expect(q.grossCents).toBeGreaterThanOrEqual(0);
        expect(q.rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(q.netCents);
        for (const row of q.rows) expect(row.amountCents).toBe(row.quantity * row.unitPriceCents);
        expect(q.vatCents).toBe(Math.round((q.netCents * q.vat.ratePercent) / 100));
        expect(q.grossCents).toBe(q.netCents + q.vatCents);

        if (change.timing === 'now') {
          expect(q.netCents).toBeGreaterThan(0);
          const credit = q.rows.filter((r) => r.kind === 'plan_change_credit');
          expect(credit).toHaveLength(1);
          expect(credit[0].amountCents).toBe(-change.creditCents);
          // the charge is the new plan's price for the rest of the current period (half a cent per unit at most)
          const charged = q.rows.filter((r) => r.amountCents > 0).reduce((sum, r) => sum + r.amountCents, 0);
          const exact = (nextQuote.netCents * remainingMs(p, now)) / nextPeriodMs;
          expect(Math.abs(charged - exact)).toBeLessThanOrEqual((1 + s.users + s.blocks) / 2 + 1e-6);
        } else {
          expect(q.rows).toEqual([]);
          expect(change.effectiveAt).toEqual(p.end);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: the later the change, the smaller the credit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (paid, a, b) => {
          const p = period(paid, 12);
          const at = (f: number) => new Date(p.start.getTime() + Math.round(f * 360 * DAY));
          const [early, late] = [Math.min(a, b), Math.max(a, b)];
          expect(unusedCredit(p, at(late))).toBeLessThanOrEqual(unusedCredit(p, at(early)));
        },
      ),
    );
  });
});

describe('planPeriodMs', () => {
  it('is the length licenses are extended by', () => {
    expect(planPeriodMs({ unit: 'month', duration: 6 })).toBe(180 * DAY);
    expect(planPeriodMs({ unit: 'year', duration: 1 })).toBe(365 * DAY);
  });
});
