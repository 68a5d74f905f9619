// Postal code formats of the 20 selectable countries; others only need 2-10 letters/digits.
const POSTAL_CODES: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
  BE: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/i,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  IE: /^[A-Za-z]\d[\dWw] ?[A-Za-z\d]{4}$/,
  DK: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  NO: /^\d{4}$/,
  FI: /^\d{5}$/,
  ES: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  HU: /^\d{4}$/,
};

export function isValidPostalCode(country: string, postalCode: string): boolean {
  const rule = POSTAL_CODES[country.toUpperCase()] ?? /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
  return rule.test(postalCode.trim());
}
