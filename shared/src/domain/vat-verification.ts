// A VAT ID's confirmation by VIES, the EU's register of VAT numbers: what the profile shows, what the tax decision
// asks (reverse charge only on a confirmed number) and what an invoice keeps as proof.
import { z } from 'zod';
import { normalizeVatId } from './vat-id';

/**
 * valid: VIES confirmed the number exists; invalid: VIES answered that it does not; unverified: VIES could not be
 * asked or did not answer (a member state's service down, a timeout) — "not verified yet", never a guess either way.
 */
export const VAT_VERIFICATION_STATUSES = ['valid', 'invalid', 'unverified'] as const;
export type VatVerificationStatus = (typeof VAT_VERIFICATION_STATUSES)[number];

/**
 * The prefixes VIES knows: the 27 member states (Greece as EL, its VAT prefix) and XI (Northern Ireland). Any other
 * VAT ID (CH, GB, NO, ...) cannot be checked there, so it has no verification at all.
 */
export const VIES_PREFIXES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]; // prettier-ignore

/** The country prefix and the number VIES is asked about ('ATU13585627' → AT + U13585627), or null outside VIES. */
export function viesParts(vatId: string): { countryCode: string; vatNumber: string } | null {
  const id = normalizeVatId(vatId).replace(/[^A-Z0-9]/g, '');
  const prefix = id.slice(0, 2) === 'GR' ? 'EL' : id.slice(0, 2);
  if (!VIES_PREFIXES.includes(prefix) || id.length < 4) return null;
  return { countryCode: prefix, vatNumber: id.slice(2) };
}

/** Read-only on GET/PUT /user/profile/contact: the last answer about the profile's current VAT ID. */
export const vatVerificationSchema = z.object({
  status: z.enum(VAT_VERIFICATION_STATUSES),
  /** The VAT ID this answer is about (upper case, no spaces); a changed VAT ID starts over as unverified. */
  vatId: z.string(),
  /** The registered name and address as VIES gave them (valid only; null where the member state discloses none). */
  name: z.string().nullable(),
  address: z.string().nullable(),
  /** VIES's consultation number (requestIdentifier): the proof of this qualified check. */
  requestId: z.string().nullable(),
  /** When VIES answered, or when it was last tried (unverified); null: never asked yet. ISO 8601. */
  checkedAt: z.string().nullable(),
  /** Why it is unverified: VIES's error code (MS_UNAVAILABLE, TIMEOUT, ...) or null. */
  error: z.string().nullable(),
});
export type VatVerification = z.infer<typeof vatVerificationSchema>;
