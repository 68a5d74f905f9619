import {
  effectiveInvoiceEmail,
  isVatIdVerified,
  type BuyerSnapshot,
  type Language,
  type ProfileContact,
} from '@portal/shared/domain';

/**
 * The buyer as an invoice keeps them: the profile's address at the time of the purchase, renewal or overage, and the
 * VAT ID's VIES confirmation when there is one (pass a contact from loadContactWithVatCheck so it is today's).
 */
export function buyerSnapshot(contact: ProfileContact, language: Language): BuyerSnapshot {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    companyName: contact.companyName,
    street: contact.street,
    houseNumber: contact.houseNumber,
    postalCode: contact.postalCode,
    city: contact.city,
    country: contact.country,
    vatId: contact.vatID,
    vatVerification: isVatIdVerified(contact.vatID, contact.vatVerification) ? contact.vatVerification : null,
    invoiceEmail: effectiveInvoiceEmail(contact),
    language,
  };
}
