import { quotePurchase, QuoteError, vatAmount, vatTreatment } from './pricing';
import type { Product } from './types';

const yearly: Product = {
  id: 'fresh_desk-advanced-yearly',
  name: 'Fresh Desk Advanced Yearly',
  pluginName: 'fresh_desk',
  tier: 'Advanced',
  priceNetto: { amount: 49900, currency: 'EUR' },
  licenseTypeDetails: [
    {
      type: 'subscription',
      licenseValidDuration: [{ unit: 'year', duration: 1 }],
      maxRegistrationsCount: 3,
      extraOptions: { extra_user_price_cents: 3600, email_block_price_cents: 6000 },
    },
  ],
};
const free: Product = { ...yearly, id: 'gpsr-free', name: 'GPSR Free', priceNetto: { amount: 0, currency: 'EUR' } };
const german = { country: 'DE', vatId: 'DE136695976' };

describe('vatTreatment', () => {
  it('charges 19 % to German buyers, also with a valid German VAT ID', () => {
    expect(vatTreatment(german)).toEqual({ kind: 'standard', ratePercent: 19 });
  });
  it('reverse-charges an EU buyer abroad whose VAT ID passes the check-digit test', () => {
    expect(vatTreatment({ country: 'AT', vatId: 'ATU13585627' })).toEqual({ kind: 'reverse_charge', ratePercent: 0 });
    expect(vatTreatment({ country: 'at', vatId: ' atu 13585627' })).toEqual({ kind: 'reverse_charge', ratePercent: 0 });
  });
  it('charges 19 % when the VAT ID is missing, has a wrong check digit or belongs to another country', () => {
    expect(vatTreatment({ country: 'AT', vatId: '' }).ratePercent).toBe(19);
    expect(vatTreatment({ country: 'AT', vatId: 'ATU13585628' }).ratePercent).toBe(19);
    expect(vatTreatment({ country: 'FR', vatId: 'ATU13585627' }).ratePercent).toBe(19);
  });
  it('charges 19 % outside the EU (no reverse charge of §13b for CH, GB, NO here)', () => {
    expect(vatTreatment({ country: 'CH', vatId: 'CHE123456788' }).ratePercent).toBe(19);
  });
});

describe('quotePurchase', () => {
  it('adds extras per billing period and 19 % VAT on the net total', () => {
    const quote = quotePurchase(yearly, { extra_users_count: 2, extra_email_blocks: 1 }, german);
    expect(quote.rows.map((r) => [r.kind, r.quantity, r.unitPriceCents, r.amountCents])).toEqual([
      ['base', 1, 49900, 49900],
      ['extra_users', 2, 3600, 7200],
      ['extra_email_blocks', 1, 6000, 6000],
    ]);
    expect(quote.netCents).toBe(63100);
    expect(quote.vatCents).toBe(11989);
    expect(quote.grossCents).toBe(75089);
  });
  it('has no VAT for a reverse-charge buyer', () => {
    const quote = quotePurchase(yearly, {}, { country: 'AT', vatId: 'ATU13585627' });
    expect([quote.netCents, quote.vatCents, quote.grossCents]).toEqual([49900, 0, 49900]);
  });
  it('refuses extras on a product that sells none', () => {
    expect(() => quotePurchase(free, { extra_users_count: 1 }, german)).toThrow(QuoteError);
    expect(quotePurchase(free, {}, german).grossCents).toBe(0);
  });
  it('rounds VAT half up to the cent', () => {
    expect(vatAmount(999, 19)).toBe(190);
    expect(vatAmount(50, 19)).toBe(10);
  });
});
