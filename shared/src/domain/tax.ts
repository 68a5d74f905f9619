// The portal's one tax decision: how a sale by the German seller is taxed for a buyer, from the buyer's country, VAT
// ID and whether VIES confirmed that VAT ID. The quote on the buy card and in the purchase dialog, the api's draft
// invoice, the invoice PDF and its EN 16931 XML all take the treatment from here (the invoice keeps the treatment it
// was issued with), so they cannot disagree. Free of zod: the buy cards load it.
import { VAT_PERCENT } from './constants';
import type { Language } from './enums';
import type { ProfileContact } from './profile';
import type { VatTreatment } from './purchase';
import { isValidVatId, isVatIdVerified, normalizeVatId } from './vat-id';

export const SELLER_COUNTRY = 'DE';

/** EU member states (ISO 3166-1 alpha-2); Greece's VAT IDs start with EL. */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountryCode = (typeof EU_COUNTRY_CODES)[number];

export const isEuCountry = (country: string): country is EuCountryCode =>
  (EU_COUNTRY_CODES as readonly string[]).includes(country);

/**
 * Standard VAT rates of the 27 member states in percent, in force from `validFrom` (the latest changes before it:
 * FI 25.5 from 1 Sep 2024, SK 23 from 1 Jan 2025, EE 24 from 1 Jul 2025, RO 21 from 1 Aug 2025). `checkedOn` is the
 * day the table was last compared with published rate tables; no standard rate changed in 2026 up to that day. When a
 * member state changes its rate, this table changes on that day: issued invoices keep the rate they were issued with.
 */
export const EU_STANDARD_VAT_RATES = {
  validFrom: '2026-01-01',
  checkedOn: '2026-11-27',
  percent: {
    AT: 20,
    BE: 21,
    BG: 20,
    CY: 19,
    CZ: 21,
    DE: 19,
    DK: 25,
    EE: 24,
    ES: 21,
    FI: 25.5,
    FR: 20,
    GR: 24,
    HR: 25,
    HU: 27,
    IE: 23,
    IT: 22,
    LT: 21,
    LU: 17,
    LV: 21,
    MT: 18,
    NL: 21,
    PL: 23,
    PT: 23,
    RO: 21,
    SE: 25,
    SI: 22,
    SK: 23,
  } satisfies Record<EuCountryCode, number>,
} as const;

/** Who is taxed: the profile's country and VAT ID, and whether VIES confirmed exactly that VAT ID. */
export interface TaxBuyer {
  country: string;
  vatId?: string | null;
  /** VIES confirmed this VAT ID (a checksum alone is not proof that the number exists and is this buyer's). */
  vatIdVerified: boolean;
}

/**
 * The tax facts of a profile. A VAT ID counts as confirmed only while the profile holds VIES's confirmation of exactly
 * that number (an EU buyer without one pays their state's rate, never 0 % on a checksum alone). Buy card, dialog and
 * api all read a profile through this one function; the api passes a contact whose confirmation it renewed before
 * the purchase (user/profile loadContactWithVatCheck).
 */
export function taxBuyerOf(contact: Pick<ProfileContact, 'country' | 'vatID' | 'vatVerification'>): TaxBuyer {
  return {
    country: contact.country,
    vatId: contact.vatID,
    vatIdVerified: isVatIdVerified(contact.vatID, contact.vatVerification),
  };
}

export class TaxDecisionError extends Error {
  constructor(country: string) {
    super(`"${country}" is not a country code: the tax treatment cannot be decided`);
    this.name = 'TaxDecisionError';
  }
}

const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * The treatment of one sale (electronically supplied services, seller in Germany):
 * - buyer in Germany: German VAT 19 %;
 * - buyer in another member state with a VAT ID of that state confirmed by VIES: reverse charge, 0 % (§ 13b UStG,
 *   Art. 196 VAT Directive), category AE;
 * - any other buyer in another member state: that state's standard rate (place of supply is the buyer's state,
 *   § 3a Abs. 5 UStG, declared through the One-Stop-Shop), category S;
 * - buyer outside the EU: no German VAT, the place of supply is the buyer's country (§ 3a Abs. 2 UStG for businesses,
 *   Abs. 5 for others), category O.
 * Throws TaxDecisionError for a country that is not a two-letter code: tax is never guessed.
 */
export function vatTreatment(buyer: TaxBuyer): VatTreatment {
  const country = buyer.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new TaxDecisionError(buyer.country);
  if (country === SELLER_COUNTRY) return { kind: 'standard', ratePercent: VAT_PERCENT };
  if (!isEuCountry(country)) return { kind: 'not_taxable', ratePercent: 0 };
  const vatId = normalizeVatId(buyer.vatId ?? '');
  if (buyer.vatIdVerified && vatId.startsWith(vatPrefixOf(country)) && isValidVatId(vatId)) {
    return { kind: 'reverse_charge', ratePercent: 0 };
  }
  return { kind: 'oss', ratePercent: EU_STANDARD_VAT_RATES.percent[country], country };
}

/**
 * The treatment an invoice row stored (kind, rate and the buyer's country of its snapshot), as the decision made it.
 * Rows issued before the One-Stop-Shop rates read as before: 'standard' 19 % or reverse charge.
 */
export function storedVatTreatment(kind: VatTreatment['kind'], ratePercent: number, country: string): VatTreatment {
  switch (kind) {
    case 'reverse_charge':
    case 'not_taxable':
      return { kind, ratePercent: 0 };
    case 'oss':
      return { kind, ratePercent, country: country.toUpperCase() };
    default:
      return { kind: 'standard', ratePercent: VAT_PERCENT };
  }
}

/** EN 16931 VAT category code (UNTDID 5305) of each treatment: standard rate, reverse charge, not subject to VAT. */
export const VAT_CATEGORY_CODES = { standard: 'S', oss: 'S', reverse_charge: 'AE', not_taxable: 'O' } as const;
export type VatCategoryCode = (typeof VAT_CATEGORY_CODES)[VatTreatment['kind']];

/** VATEX exemption reason codes (EN 16931 BT-121) of the treatments without VAT. */
export const VAT_EXEMPTION_CODES = { reverse_charge: 'VATEX-EU-AE', not_taxable: 'VATEX-EU-O' } as const;

/** VAT of a net amount at a rate, rounded half up to the cent (document level, EN 16931 BT-117); rates like 25.5. */
export function vatAmount(netCents: number, ratePercent: number): number {
  return Math.round((netCents * Math.round(ratePercent * 100)) / 10_000);
}

/**
 * A gross amount (money paid or refunded, which is exact) split into net and VAT at a rate, so that net + VAT is the
 * gross: the net whose vatAmount() adds up to it, the largest such when two do. Net + rounded VAT skips some gross
 * amounts (it grows by two cents at a time now and then); for those the VAT is the gross less the net, one cent
 * above vatAmount(net) (within EN 16931's rounding of the VAT breakdown).
 */
export function splitGross(grossCents: number, ratePercent: number): { netCents: number; vatCents: number } {
  const sign = grossCents < 0 ? -1 : 1;
  const gross = Math.abs(grossCents);
  const estimate = Math.floor((gross * 10_000) / (10_000 + Math.round(ratePercent * 100)));
  let net = estimate;
  for (const candidate of [estimate + 1, estimate, estimate - 1]) {
    if (candidate >= 0 && candidate + vatAmount(candidate, ratePercent) === gross) {
      net = candidate;
      break;
    }
  }
  return { netCents: sign * net, vatCents: sign * (gross - net) };
}

/** A rate as printed: "19", "25,5" (German) or "25.5" (English). */
export function formatVatRate(ratePercent: number, language: Language): string {
  const text = String(ratePercent);
  return language === 'de' ? text.replace('.', ',') : text;
}

export interface VatWording {
  /** The VAT line's label: "Umsatzsteuer 20 % (Österreich)", "VAT 0 % (reverse charge)". */
  line: (ratePercent: number, countryName: string) => string;
  /** Exemption reason (EN 16931 BT-120) of a treatment without VAT: its heading on the invoice. */
  reason: string | null;
  /** Why, in a sentence (invoice note, dialog caption). */
  note: ((countryName: string) => string) | null;
}

/**
 * The words of each treatment, the same in the purchase dialog, on the invoice PDF and in the XML (the invoice's
 * language is the buyer's language when it was made).
 */
export const VAT_WORDING: Record<Language, Record<VatTreatment['kind'], VatWording>> = {
  de: {
    standard: { line: (rate) => `Umsatzsteuer ${formatVatRate(rate, 'de')} %`, reason: null, note: null },
    oss: {
      line: (rate, country) => `Umsatzsteuer ${formatVatRate(rate, 'de')} % (${country})`,
      reason: null,
      note: (country) =>
        `Umsatzsteuer des Landes des Leistungsempfängers (${country}), erklärt im One-Stop-Shop-Verfahren (§ 18j UStG).`,
    },
    reverse_charge: {
      line: () => 'Umsatzsteuer 0 % (Reverse Charge)',
      reason: 'Steuerschuldnerschaft des Leistungsempfängers',
      note: () =>
        'Die Umsatzsteuer schuldet der Leistungsempfänger (Reverse Charge, § 13b UStG / Art. 196 MwStSystRL).',
    },
    not_taxable: {
      line: () => 'Umsatzsteuer 0 % (nicht steuerbar)',
      reason: 'Nicht im Inland steuerbare Leistung',
      note: () =>
        'Der Ort der Leistung liegt im Land des Leistungsempfängers (§ 3a UStG); keine deutsche Umsatzsteuer.',
    },
  },
  en: {
    standard: { line: (rate) => `VAT ${formatVatRate(rate, 'en')} %`, reason: null, note: null },
    oss: {
      line: (rate, country) => `VAT ${formatVatRate(rate, 'en')} % (${country})`,
      reason: null,
      note: (country) => `VAT of the recipient's country (${country}), declared through the EU One-Stop-Shop.`,
    },
    reverse_charge: {
      line: () => 'VAT 0 % (reverse charge)',
      reason: 'Reverse charge',
      note: () => 'VAT to be accounted for by the recipient (Art. 196 Council Directive 2006/112/EC).',
    },
    not_taxable: {
      line: () => 'VAT 0 % (not taxable in Germany)',
      reason: 'Not taxable in Germany',
      note: () =>
        "The place of supply is the recipient's country (Section 3a German VAT Act); no German VAT is charged.",
    },
  },
};
