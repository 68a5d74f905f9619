// The 20 countries the profile's country field offers, in display order.

export interface Country {
  code: string;
  en: string;
  de: string;
  flag: string;
}

/** Regional-indicator emoji for an ISO 3166-1 alpha-2 code ('DE' → 🇩🇪). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const NAMES: [code: string, en: string, de: string][] = [
  ['DE', 'Germany', 'Deutschland'],
  ['AT', 'Austria', 'Österreich'],
  ['CH', 'Switzerland', 'Schweiz'],
  ['FR', 'France', 'Frankreich'],
  ['IT', 'Italy', 'Italien'],
  ['NL', 'Netherlands', 'Niederlande'],
  ['BE', 'Belgium', 'Belgien'],
  ['LU', 'Luxembourg', 'Luxemburg'],
  ['GB', 'United Kingdom', 'Vereinigtes Königreich'],
  ['IE', 'Ireland', 'Irland'],
  ['DK', 'Denmark', 'Dänemark'],
  ['SE', 'Sweden', 'Schweden'],
  ['NO', 'Norway', 'Norwegen'],
  ['FI', 'Finland', 'Finnland'],
  ['ES', 'Spain', 'Spanien'],
  ['PT', 'Portugal', 'Portugal'],
  ['PL', 'Poland', 'Polen'],
  ['CZ', 'Czech Republic', 'Tschechien'],
  ['SK', 'Slovakia', 'Slowakei'],
  ['HU', 'Hungary', 'Ungarn'],
];

export const COUNTRIES: readonly Country[] = NAMES.map(([code, en, de]) => ({ code, en, de, flag: flagEmoji(code) }));

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);

export function findCountry(code: string | null | undefined): Country | undefined {
  if (!code) return undefined;
  return COUNTRIES.find((c) => c.code === code.toUpperCase());
}

export function countryName(code: string | null | undefined, language: 'de' | 'en'): string {
  const country = findCountry(code);
  return country ? country[language] : (code ?? '');
}
