export const SELLER_CONTACT: Readonly<{
  firstName: string;
  lastName: string;
  companyName: string;
  country: string;
  city: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  invoiceEmail: string;
  vatID: string;
}>;
