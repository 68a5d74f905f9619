import { checkVAT, countries } from 'jsvat';

/** VAT identification number with a country prefix, checked by jsvat (format and check digits; spaces, dots and dashes ignored). */
export function isValidVatId(vatId: string): boolean {
  return checkVAT(vatId.trim().toUpperCase(), countries).isValid;
}

/** As stored: upper case without spaces. */
export function normalizeVatId(vatId: string): string {
  return vatId.replace(/\s/g, '').toUpperCase();
}

/**
 * Whether VIES's answer `verification` (the profile's vatVerification) confirms exactly `vatId` (the tax decision's
 * question). A confirmation of another number — the profile's VAT ID changed since — confirms nothing. Free of zod
 * (the buy cards ask it too), so it names the two fields it reads.
 */
export function isVatIdVerified(
  vatId: string,
  verification: { status: string; vatId: string } | null | undefined,
): boolean {
  return (
    !!verification &&
    verification.status === 'valid' &&
    normalizeVatId(vatId) !== '' &&
    verification.vatId === normalizeVatId(vatId)
  );
}
