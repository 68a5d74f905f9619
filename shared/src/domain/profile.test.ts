import { COUNTRIES, COUNTRY_CODES, countryName, findCountry, flagEmoji } from './countries';
import { effectiveInvoiceEmail, isAvvAccepted, isProfileComplete } from './completeness';
import { emptyProfileContact, profileContactInputSchema } from './profile';
import { isValidPostalCode } from './postal-code';
import { fieldErrors } from './validate';
import { isValidVatId, normalizeVatId } from './vat-id';

const complete = {
  ...emptyProfileContact('demo@portal.test'),
  firstName: 'Erika',
  lastName: 'Muster',
  city: 'Berlin',
  street: 'Hauptstr.',
  houseNumber: '1',
  postalCode: '10115',
};

describe('profile contact schema', () => {
  it('accepts a complete contact and fills optional defaults', () => {
    const parsed = profileContactInputSchema.parse({
      firstName: ' Erika ',
      lastName: 'Muster',
      country: 'de',
      city: 'Berlin',
      street: 'Hauptstr.',
      houseNumber: '1a',
      postalCode: '10115',
    });
    expect(parsed).toMatchObject({ firstName: 'Erika', country: 'DE', companyName: '', houseNumber: '1a', vatID: '' });
  });

  it('reports a required key per missing field', () => {
    expect(fieldErrors(profileContactInputSchema, { country: '' })).toEqual({
      firstName: 'validation_firstName_required',
      lastName: 'validation_lastName_required',
      country: 'validation_country_required',
      city: 'validation_city_required',
      street: 'validation_street_required',
      houseNumber: 'validation_houseNumber_required',
      postalCode: 'validation_postalCode_required',
    });
  });

  it('whitespace-only counts as missing', () => {
    expect(fieldErrors(profileContactInputSchema, { ...complete, city: '   ' }).city).toBe('validation_city_required');
  });

  it('house number is required (needed for a complete profile)', () => {
    expect(fieldErrors(profileContactInputSchema, { ...complete, houseNumber: ' ' })).toEqual({
      houseNumber: 'validation_houseNumber_required',
    });
  });

  it.each([
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['AT', '1010', true],
    ['AT', '10115', false],
    ['NL', '1012 AB', true],
    ['GB', 'SW1A 1AA', true],
    ['PL', '00-950', true],
    ['PL', '00950', false],
  ])('postal code of %s: %s valid = %s', (country, postalCode, valid) => {
    expect(isValidPostalCode(country, postalCode)).toBe(valid);
    const errors = fieldErrors(profileContactInputSchema, { ...complete, country, postalCode });
    expect(errors.postalCode).toBe(valid ? undefined : 'validation_postalCode_invalid');
  });

  it('checks a VAT ID with jsvat: country format and check digits', () => {
    expect(isValidVatId('DE123456788')).toBe(true);
    expect(isValidVatId('DE 123 456 788')).toBe(true);
    expect(isValidVatId('ATU13585627')).toBe(true);
    expect(isValidVatId('DE123456789')).toBe(false); // wrong check digit
    expect(isValidVatId('12')).toBe(false);
    expect(fieldErrors(profileContactInputSchema, { ...complete, vatID: 'DE123456789' })).toEqual({
      vatID: 'validation_vatID_invalid',
    });
    expect(fieldErrors(profileContactInputSchema, { ...complete, vatID: 'DE123456788' })).toEqual({});
    expect(normalizeVatId(' de 123 456 788 ')).toBe('DE123456788');
  });

  it('rejects countries outside the list', () => {
    expect(fieldErrors(profileContactInputSchema, { ...complete, country: 'US' }).country).toBe(
      'validation_country_invalid',
    );
  });

  it('validates a non-empty invoice email', () => {
    expect(fieldErrors(profileContactInputSchema, { ...complete, invoiceEmail: 'nope' }).invoiceEmail).toBe(
      'validation_email_invalid',
    );
    expect(fieldErrors(profileContactInputSchema, { ...complete, invoiceEmail: 'bill@firm.de' })).toEqual({});
  });
});

describe('isProfileComplete', () => {
  it('is true when all eight fields are filled', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });
  it.each(['email', 'firstName', 'lastName', 'country', 'city', 'street', 'houseNumber', 'postalCode'] as const)(
    'is false without %s',
    (field) => {
      expect(isProfileComplete({ ...complete, [field]: ' ' })).toBe(false);
    },
  );
  it('ignores optional fields and handles null', () => {
    expect(isProfileComplete({ ...complete, companyName: '', vatID: '' })).toBe(true);
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
  });
});

describe('avv and invoice email', () => {
  it('accepted when flagged or dated', () => {
    expect(isAvvAccepted({ isAccepted: true, acceptedDate: null })).toBe(true);
    expect(isAvvAccepted({ isAccepted: false, acceptedDate: '2024-01-01T00:00:00Z' })).toBe(true);
    expect(isAvvAccepted({ isAccepted: false, acceptedDate: null })).toBe(false);
    expect(isAvvAccepted(null)).toBe(false);
  });
  it('invoice email falls back to the login email', () => {
    expect(effectiveInvoiceEmail({ email: 'a@b.de', invoiceEmail: '' })).toBe('a@b.de');
    expect(effectiveInvoiceEmail({ email: 'a@b.de', invoiceEmail: 'bill@b.de' })).toBe('bill@b.de');
  });
});

describe('countries', () => {
  it('lists the 20 countries in spec order with unique codes', () => {
    expect(COUNTRY_CODES).toEqual([
      'DE',
      'AT',
      'CH',
      'FR',
      'IT',
      'NL',
      'BE',
      'LU',
      'GB',
      'IE',
      'DK',
      'SE',
      'NO',
      'FI',
      'ES',
      'PT',
      'PL',
      'CZ',
      'SK',
      'HU',
    ]);
    expect(new Set(COUNTRY_CODES).size).toBe(20);
    for (const c of COUNTRIES) {
      expect(c.en).not.toBe('');
      expect(c.de).not.toBe('');
    }
  });
  it('has English and German names and flags', () => {
    expect(findCountry('de')).toEqual({ code: 'DE', en: 'Germany', de: 'Deutschland', flag: '🇩🇪' });
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('AT', 'en')).toBe('Austria');
    expect(countryName('XX', 'en')).toBe('XX');
    expect(flagEmoji('gb')).toBe('🇬🇧');
  });
});
