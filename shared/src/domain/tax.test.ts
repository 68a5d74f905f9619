import fc from 'fast-check';
import { COUNTRY_CODES } from './countries';
import { quotePurchase } from './pricing';
import {
  EU_COUNTRY_CODES,
  EU_STANDARD_VAT_RATES,
  formatVatRate,
  splitGross,
  storedVatTreatment,
  TaxDecisionError,
  taxBuyerOf,
  VAT_CATEGORY_CODES,
  VAT_EXEMPTION_CODES,
  VAT_WORDING,
  vatAmount,
  vatTreatment,
} from './tax';
import type { Product } from './types';

/** A VAT ID of each profile country that passes jsvat's check digits (EU prefix for Greece: EL). */
const VALID_VAT_IDS: Record<string, string> = {
  DE: 'DE136695976',
  AT: 'ATU13585627',
  FR: 'FR40303265045',
  IT: 'IT00743110157',
  NL: 'NL004495445B01',
  BE: 'BE0776091951',
  CH: 'CHE123456788',
};

const product: Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'> = {
  name: 'Plan',
  priceNetto: { amount: 29900, currency: 'EUR' },
  licenseTypeDetails: [
    {
      type: 'subscription',
      licenseValidDuration: [{ unit: 'year', duration: 1 }],
      maxRegistrationsCount: 1,
      extraOptions: { extra_user_price_cents: 6000, email_block_price_cents: 1200 },
    },
  ],
} as Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'>;

describe('vatTreatment', () => {
  it('charges German VAT of 19 % in Germany, with or without a confirmed VAT ID', () => {
    expect(vatTreatment({ country: 'DE', vatId: 'DE136695976', vatIdVerified: true })).toEqual({
      kind: 'standard',
      ratePercent: 19,
    });
    expect(vatTreatment({ country: 'de', vatIdVerified: false }).kind).toBe('standard');
  });

  it('reverse-charges an EU business abroad only when VIES confirmed its VAT ID of that state', () => {
    const reverse = { kind: 'reverse_charge', ratePercent: 0 };
    expect(vatTreatment({ country: 'AT', vatId: 'ATU13585627', vatIdVerified: true })).toEqual(reverse);
    expect(vatTreatment({ country: 'at', vatId: ' atu 13585627', vatIdVerified: true })).toEqual(reverse);
    // a valid checksum alone is no proof
    expect(vatTreatment({ country: 'AT', vatId: 'ATU13585627', vatIdVerified: false }).kind).toBe('oss');
    // another state's number, or one with a wrong check digit, is not this buyer's VAT ID
    expect(vatTreatment({ country: 'FR', vatId: 'ATU13585627', vatIdVerified: true }).kind).toBe('oss');
    expect(vatTreatment({ country: 'AT', vatId: 'ATU13585628', vatIdVerified: true }).kind).toBe('oss');
  });

  it("charges an EU buyer without a confirmed VAT ID their state's standard rate (One-Stop-Shop)", () => {
    expect(vatTreatment({ country: 'AT', vatIdVerified: false })).toEqual({
      kind: 'oss',
      ratePercent: 20,
      country: 'AT',
    });
    expect(vatTreatment({ country: 'FI', vatId: '', vatIdVerified: false })).toEqual({
      kind: 'oss',
      ratePercent: 25.5,
      country: 'FI',
    });
    expect(vatTreatment({ country: 'HU', vatIdVerified: false }).ratePercent).toBe(27);
  });

  it('charges no German VAT outside the EU, with or without a tax number', () => {
    for (const country of ['CH', 'GB', 'NO', 'US']) {
      expect(vatTreatment({ country, vatIdVerified: false })).toEqual({ kind: 'not_taxable', ratePercent: 0 });
      expect(vatTreatment({ country, vatId: 'CHE123456788', vatIdVerified: true }).kind).toBe('not_taxable');
    }
  });

  it('refuses to guess for something that is not a country code', () => {
    for (const country of ['', 'D', 'DEU', '12']) {
      expect(() => vatTreatment({ country, vatIdVerified: false })).toThrow(TaxDecisionError);
    }
  });

  it('gives every country of the profile exactly one treatment, whatever its VAT ID and verification', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        fc.option(fc.constantFrom(...Object.values(VALID_VAT_IDS), 'ATU13585628', 'XX123'), { nil: null }),
        fc.boolean(),
        (country, vatId, vatIdVerified) => {
          const vat = vatTreatment({ country, vatId, vatIdVerified });
          const eu = (EU_COUNTRY_CODES as readonly string[]).includes(country);
          const expected =
            country === 'DE'
              ? 'standard'
              : !eu
                ? 'not_taxable'
                : vat.kind === 'reverse_charge'
                  ? 'reverse_charge'
                  : 'oss';
          expect(vat.kind).toBe(expected);
          // reverse charge exactly when confirmed and the number is this state's
          if (vat.kind === 'reverse_charge') expect(vatIdVerified && vatId === VALID_VAT_IDS[country]).toBe(true);
          if (eu && country !== 'DE' && vatIdVerified && vatId === VALID_VAT_IDS[country]) {
            expect(vat.kind).toBe('reverse_charge');
          }
          if (vat.kind === 'oss') expect(vat.ratePercent).toBe(EU_STANDARD_VAT_RATES.percent[country as 'AT']);
          expect(VAT_CATEGORY_CODES[vat.kind]).toMatch(/^(S|AE|O)$/);
          // what an invoice stores reads back as the same treatment
          expect(storedVatTreatment(vat.kind, vat.ratePercent, country)).toEqual(vat);
        },
      ),
    );
  });

  it('rates every buyer country of the world: two letters always get exactly one of the four treatments', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}$/), fc.boolean(), (country, vatIdVerified) => {
        const vat = vatTreatment({ country, vatIdVerified });
        expect(['standard', 'oss', 'not_taxable']).toContain(vat.kind);
        expect(vat.ratePercent).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('EU_STANDARD_VAT_RATES', () => {
  it('covers the 27 member states and nothing else, each between the EU minimum of 15 % and 30 %', () => {
    expect(Object.keys(EU_STANDARD_VAT_RATES.percent).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    for (const rate of Object.values(EU_STANDARD_VAT_RATES.percent)) {
      expect(rate).toBeGreaterThanOrEqual(15);
      expect(rate).toBeLessThan(30);
    }
    expect(EU_STANDARD_VAT_RATES.percent.DE).toBe(19);
  });
  it('is dated', () => {
    expect(EU_STANDARD_VAT_RATES.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(EU_STANDARD_VAT_RATES.checkedOn >= EU_STANDARD_VAT_RATES.validFrom).toBe(true);
  });
});

describe('quote totals', () => {
  it('are net + VAT, the VAT being the rate of the net rounded half up to the cent, for every buyer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        fc.boolean(),
        fc.integer({ min: 0, max: 46 }),
        fc.integer({ min: 0, max: 46 }),
        (country, vatIdVerified, users, blocks) => {
          const buyer = { country, vatId: VALID_VAT_IDS[country] ?? '', vatIdVerified };
          const quote = quotePurchase(product, { extra_users_count: users, extra_email_blocks: blocks }, buyer);
          expect(quote.vat).toEqual(vatTreatment(buyer));
          expect(quote.netCents).toBe(quote.rows.reduce((sum, row) => sum + row.amountCents, 0));
          expect(quote.grossCents).toBe(quote.netCents + quote.vatCents);
          expect(Math.abs(quote.vatCents - (quote.netCents * quote.vat.ratePercent) / 100)).toBeLessThanOrEqual(0.5);
          if (quote.vat.ratePercent === 0) expect(quote.vatCents).toBe(0);
        },
      ),
    );
  });
  it('rounds VAT half up to the cent, also at a rate with a decimal', () => {
    expect(vatAmount(999, 19)).toBe(190);
    expect(vatAmount(50, 19)).toBe(10);
    expect(vatAmount(43100, 25.5)).toBe(10991); // 10990.5
    expect(vatAmount(100, 25.5)).toBe(26); // 25.5
  });
});

describe('wording', () => {
  it('names the law for every treatment without VAT, in both languages, with its VATEX code', () => {
    for (const language of ['de', 'en'] as const) {
      for (const kind of ['reverse_charge', 'not_taxable'] as const) {
        expect(VAT_WORDING[language][kind].reason).toBeTruthy();
        expect(VAT_WORDING[language][kind].note?.('')).toBeTruthy();
        expect(VAT_EXEMPTION_CODES[kind]).toMatch(/^VATEX-EU-/);
      }
    }
    expect(VAT_WORDING.de.reverse_charge.reason).toBe('Steuerschuldnerschaft des Leistungsempfängers');
    expect(VAT_WORDING.en.reverse_charge.reason).toBe('Reverse charge');
    expect(VAT_WORDING.de.not_taxable.reason).toBe('Nicht im Inland steuerbare Leistung');
    expect(VAT_WORDING.en.not_taxable.reason).toBe('Not taxable in Germany');
  });
  it('prints the rate the way the language writes it', () => {
    expect(VAT_WORDING.de.oss.line(25.5, 'Finnland')).toBe('Umsatzsteuer 25,5 % (Finnland)');
    expect(VAT_WORDING.en.oss.line(25.5, 'Finland')).toBe('VAT 25.5 % (Finland)');
    expect(formatVatRate(19, 'de')).toBe('19');
  });
});

describe('taxBuyerOf', () => {
  const answer = (status: 'valid' | 'invalid' | 'unverified', vatId = 'ATU13585627') => ({
    status,
    vatId,
    name: null,
    address: null,
    requestId: null,
    checkedAt: '2026-11-27T10:00:00Z',
    error: null,
  });
  it('counts a VAT ID as confirmed only with VIES’s valid answer about exactly that number', () => {
    const at = { country: 'AT', vatID: 'ATU13585627' };
    expect(taxBuyerOf({ ...at, vatVerification: null })).toEqual({
      country: 'AT',
      vatId: 'ATU13585627',
      vatIdVerified: false,
    });
    expect(taxBuyerOf({ ...at, vatVerification: answer('valid') }).vatIdVerified).toBe(true);
    expect(taxBuyerOf({ ...at, vatID: 'atu 13585627', vatVerification: answer('valid') }).vatIdVerified).toBe(true);
    expect(taxBuyerOf({ ...at, vatVerification: answer('invalid') }).vatIdVerified).toBe(false);
    expect(taxBuyerOf({ ...at, vatVerification: answer('unverified') }).vatIdVerified).toBe(false);
    // an answer about the number saved before is no answer about this one
    expect(taxBuyerOf({ ...at, vatVerification: answer('valid', 'ATU99999999') }).vatIdVerified).toBe(false);
    expect(vatTreatment(taxBuyerOf({ ...at, vatVerification: answer('valid') })).kind).toBe('reverse_charge');
    expect(vatTreatment(taxBuyerOf({ ...at, vatVerification: answer('unverified') })).kind).toBe('oss');
  });
});

describe('splitGross', () => {
  const rates = [0, 19, 20, 25.5, 8.1, 17, 27];
  it('splits any gross into net + VAT that add up to it, VAT at most a cent above the net’s VAT', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom(...rates), (gross, rate) => {
        const { netCents, vatCents } = splitGross(gross, rate);
        expect(netCents + vatCents).toBe(gross);
        const exact = vatAmount(Math.abs(netCents), rate);
        expect(Math.abs(vatCents) - exact).toBeGreaterThanOrEqual(0);
        expect(Math.abs(vatCents) - exact).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives back the net of a quote whose VAT was rounded from it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...rates), (net, rate) => {
        const gross = net + vatAmount(net, rate);
        const split = splitGross(gross, rate);
        expect(split.netCents + vatAmount(split.netCents, rate)).toBe(gross);
      }),
    );
    expect(splitGross(32249, 19)).toEqual({ netCents: 27100, vatCents: 5149 });
    expect(splitGross(-11900, 19)).toEqual({ netCents: -10000, vatCents: -1900 });
    expect(splitGross(5000, 0)).toEqual({ netCents: 5000, vatCents: 0 });
  });
});
