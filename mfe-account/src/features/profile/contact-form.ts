import { DEFAULT_COUNTRY, fieldErrors, profileContactInputSchema } from '@portal/shared';
import type { ProfileContact } from '@portal/shared';
import type { ContactFormValues } from './api';

export type ContactField = keyof ContactFormValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: ContactField[] = [
  'firstName',
  'lastName',
  'companyName',
  'country',
  'city',
  'street',
  'houseNumber',
  'postalCode',
  'invoiceEmail',
  'vatID',
];

export function contactToForm(contact: ProfileContact | null | undefined): ContactFormValues {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    companyName: contact?.companyName ?? '',
    country: contact?.country || DEFAULT_COUNTRY,
    city: contact?.city ?? '',
    street: contact?.street ?? '',
    houseNumber: contact?.houseNumber ?? '',
    postalCode: contact?.postalCode ?? '',
    invoiceEmail: contact?.invoiceEmail ?? '',
    vatID: contact?.vatID ?? '',
  };
}

/** Trimmed copy, as it is sent to the api. */
export function normalizeContact(values: ContactFormValues): ContactFormValues {
  const out = { ...values };
  for (const field of CONTACT_FIELDS) out[field] = values[field].trim();
  return out;
}

/** Spec §5 via the shared schema: i18n key per invalid field (validation_<field>_required …), {} when valid. */
export function validateContact(values: ContactFormValues): ContactErrors {
  return fieldErrors(profileContactInputSchema, values) as ContactErrors;
}
