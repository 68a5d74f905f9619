import { DEFAULT_COUNTRY, PROFILE_COMPLETE_FIELDS, type ProfileContact } from '@portal/shared/domain';
import type { ContactFormValues } from './api';

/** The label key of each field of the personal data form. */
export const PROFILE_FIELD_LABELS = {
  email: 'profile_email',
  firstName: 'profile_first_name',
  lastName: 'profile_last_name',
  companyName: 'profile_company_name',
  country: 'profile_country',
  city: 'profile_city',
  street: 'profile_street',
  houseNumber: 'profile_house_number',
  postalCode: 'profile_postal_code',
  invoiceEmail: 'profile_invoice_email',
  vatID: 'profile_vat_id',
} as const satisfies Record<keyof ContactFormValues | 'email', string>;

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

/** The fields "profile complete" (a feature card's first prerequisite) still misses, in form order. */
export function missingProfileFields(contact: Partial<ProfileContact> | null | undefined) {
  return PROFILE_COMPLETE_FIELDS.filter((field) => !contact?.[field]?.trim());
}
