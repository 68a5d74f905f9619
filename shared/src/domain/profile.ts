import { z } from 'zod';
import { COUNTRY_CODES } from './countries';
import { DEFAULT_COUNTRY } from './constants';
import { EMAIL_REGEX } from './email';
import { isValidPostalCode } from './postal-code';
import { isValidVatId } from './vat-id';
import { plainText } from './text';
import { vatVerificationSchema } from './vat-verification';

const MAX = 200;
const required = (field: string) =>
  z
    .string({ error: `validation_${field}_required` })
    .trim()
    .min(1, `validation_${field}_required`)
    .max(MAX, 'validation_too_long')
    .check(plainText());
const optional = () => z.string().trim().max(MAX, 'validation_too_long').check(plainText()).default('');

/** The fields a user edits on the personal tab; email and parentUserId are server-owned. */
export const profileContactFieldsSchema = z.object({
  firstName: required('firstName'),
  lastName: required('lastName'),
  companyName: optional(),
  country: z
    .string({ error: 'validation_country_required' })
    .trim()
    .min(1, 'validation_country_required')
    .refine((code) => code.length === 0 || COUNTRY_CODES.includes(code.toUpperCase()), 'validation_country_invalid')
    .transform((code) => code.toUpperCase()),
  city: required('city'),
  street: required('street'),
  houseNumber: required('houseNumber'),
  postalCode: required('postalCode'),
  invoiceEmail: optional().refine((value) => value.length === 0 || EMAIL_REGEX.test(value), 'validation_email_invalid'),
  vatID: optional(),
});

/** PUT /user/profile/contact and the personal data form: the fields plus postal code and VAT ID formats. */
export const profileContactInputSchema = profileContactFieldsSchema.superRefine((value, ctx) => {
  if (value.postalCode && value.country && !isValidPostalCode(value.country, value.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'validation_postalCode_invalid' });
  }
  if (value.vatID && !isValidVatId(value.vatID)) {
    ctx.addIssue({ code: 'custom', path: ['vatID'], message: 'validation_vatID_invalid' });
  }
});

/** Full contact as the api returns it (stored values as they are, no input rules). */
export const profileContactSchema = z.object({
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
  /** VIES's last answer about vatID; null without a VAT ID or for one VIES cannot check (outside the EU). */
  vatVerification: vatVerificationSchema.nullable(),
  parentUserId: z.string().nullable(),
});
export type ProfileContact = z.infer<typeof profileContactSchema>;

/** GET|POST /user/profile/avv-accepted-date. */
export const avvAcceptanceSchema = z.object({ avvAcceptedDate: z.string().nullable(), version: z.string().nullable() });
export type AvvAcceptance = z.infer<typeof avvAcceptanceSchema>;

export function emptyProfileContact(email = ''): ProfileContact {
  return {
    email,
    firstName: '',
    lastName: '',
    companyName: '',
    country: DEFAULT_COUNTRY,
    city: '',
    street: '',
    houseNumber: '',
    postalCode: '',
    invoiceEmail: '',
    vatID: '',
    vatVerification: null,
    parentUserId: null,
  };
}
