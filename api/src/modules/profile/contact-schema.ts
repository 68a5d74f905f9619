import { profileContactInputSchema } from '@portal/shared/domain';
import { z } from 'zod';

// Postal code formats of the 20 selectable countries (spec §2); others only need 2-10 letters/digits.
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

/** EU VAT identification number: two-letter prefix and 2-13 letters/digits (spaces ignored); CH/NO/GB forms allowed. */
export function isValidVatId(vatId: string): boolean {
  const compact = vatId.replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact);
}

/** PUT /user/profile/contact: the shared form rules plus the server-side format checks. */
export const profileContactBodySchema = profileContactInputSchema
  .extend({
    // Server-owned fields may be echoed back by a client; they are ignored.
    email: z.string().optional(),
    parentUserId: z.string().nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.postalCode && value.country && !isValidPostalCode(value.country, value.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Invalid postal code' });
    }
    if (value.vatID && !isValidVatId(value.vatID)) {
      ctx.addIssue({ code: 'custom', path: ['vatID'], message: 'Invalid VAT ID' });
    }
  });

export const profileContactResponseSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  invoiceEmail: z.string(),
  vatID: z.string(),
  parentUserId: z.string().nullable(),
});
export type ProfileContactDto = z.infer<typeof profileContactResponseSchema>;
