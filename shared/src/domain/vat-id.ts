import { checkVAT, countries } from 'jsvat';

/** VAT identification number with a country prefix, checked by jsvat (format and check digits; spaces, dots and dashes ignored). */
export function isValidVatId(vatId: string): boolean {
  return checkVAT(vatId.trim().toUpperCase(), countries).isValid;
}

/** As stored: upper case without spaces. */
export function normalizeVatId(vatId: string): string {
  return vatId.replace(/\s/g, '').toUpperCase();
}
