import { monthlyOverage } from './overage';

const plan = { email_quota_base: 2000, email_block_price_cents: 500 };

describe('monthlyOverage', () => {
  it('charges nothing up to the included emails (base quota + bought blocks)', () => {
    expect(monthlyOverage({ used: 2000, options: plan, billing: 'monthly' })).toMatchObject({
      blocks: 0,
      amountCents: 0,
    });
    expect(
      monthlyOverage({ used: 4000, options: { ...plan, extra_email_count: 2000 }, billing: 'monthly' }),
    ).toMatchObject({ included: 4000, blocks: 0, amountCents: 0 });
  });
  it('charges every started block of 1000 emails', () => {
    expect(monthlyOverage({ used: 2001, options: plan, billing: 'monthly' })).toMatchObject({
      excess: 1,
      blocks: 1,
      amountCents: 500,
      capped: false,
    });
    expect(monthlyOverage({ used: 5000, options: plan, billing: 'monthly' })).toMatchObject({
      blocks: 3,
      amountCents: 1500,
    });
  });
  it('caps the month at 45 €', () => {
    expect(monthlyOverage({ used: 11_000, options: plan, billing: 'monthly' })).toMatchObject({
      blocks: 9,
      amountCents: 4500,
      capped: false,
    });
    expect(monthlyOverage({ used: 100_000, options: plan, billing: 'monthly' })).toMatchObject({
      blocks: 98,
      amountCents: 4500,
      capped: true,
    });
  });
  it('charges a yearly plan the monthly share of its yearly block price', () => {
    expect(
      monthlyOverage({ used: 3500, options: { ...plan, email_block_price_cents: 6000 }, billing: 'yearly' }),
    ).toMatchObject({ blocks: 2, blockPriceCents: 500, amountCents: 1000 });
  });
});
