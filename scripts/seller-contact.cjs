// A seller's complete contact as the profile form sends it (PUT /api/user/profile/contact): a German company with a
// VAT ID of the right form. One value for the api's jest tests and the scripts' node tests alike; a test that needs
// its own company or an incomplete contact spreads it and overrides the fields it is about. CommonJS so both can
// load it.
const SELLER_CONTACT = Object.freeze({
  firstName: 'Erika',
  lastName: 'Mustermann',
  companyName: 'Mustermann Versand GmbH',
  country: 'DE',
  city: 'Hamburg',
  street: 'Hafenstraße',
  houseNumber: '7',
  postalCode: '20457',
  invoiceEmail: '',
  vatID: 'DE123456788',
});

module.exports = { SELLER_CONTACT };
