// What "filled in" means for the profile, the AVV and the data source (feature card readiness, purchases, the api),
// apart from their schemas: the signed-in shell's dashboard uses these without loading zod (a lighter first page).
import type { Avv, DataSource, ProfileContact } from './types';

/** A string with more than white space. */
export const isFilled = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;

/** Fields checked by "profile complete" (a feature card's first prerequisite). */
export const PROFILE_COMPLETE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'country',
  'city',
  'street',
  'houseNumber',
  'postalCode',
] as const satisfies readonly (keyof ProfileContact)[];

/** invoiceEmail falls back to the login email when it is not filled in. */
export function effectiveInvoiceEmail(contact: Pick<ProfileContact, 'email' | 'invoiceEmail'>): string {
  return isFilled(contact.invoiceEmail) ? contact.invoiceEmail.trim() : contact.email;
}

export function isProfileComplete(contact: Partial<ProfileContact> | null | undefined): boolean {
  if (!contact) return false;
  return PROFILE_COMPLETE_FIELDS.every((field) => isFilled(contact[field]));
}

export function isAvvAccepted(avv: Partial<Avv> | null | undefined): boolean {
  return Boolean(avv?.isAccepted || avv?.acceptedDate);
}

/** "Data source configured" of card readiness: host, database, user. */
export function isDataSourceConfigured(ds: Partial<DataSource> | null | undefined): boolean {
  return Boolean(ds && isFilled(ds.host) && isFilled(ds.database) && isFilled(ds.user));
}
