import { quotePurchase, QuoteError } from './pricing';
import { vatAmount } from './tax';
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
const german = { country: 'DE', vatId: 'DE136695976', vatIdVerified: true };

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
    const quote = quotePurchase(yearly, {}, { country: 'AT', vatId: 'ATU13585627', vatIdVerified: true });
    expect([quote.netCents, quote.vatCents, quote.grossCents]).toEqual([49900, 0, 49900]);
  });
  it("charges an EU buyer without a confirmed VAT ID their state's rate", () => {
    const quote = quotePurchase(yearly, {}, { country: 'AT', vatId: 'ATU13585627', vatIdVerified: false });
    expect(quote.vat).toEqual({ kind: 'oss', ratePercent: 20, country: 'AT' });
    expect([quote.netCents, quote.vatCents, quote.grossCents]).toEqual([49900, 9980, 59880]);
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
