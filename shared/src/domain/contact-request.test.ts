import { contactFormSchema, contactRequestSchema } from './contact-request';
import { formatPhone, phoneDigits } from './phone';
import { fieldErrors } from './validate';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['+', '+'],
    ['+4', '+4'],
    ['+49', '+49'],
    ['+491', '+49 1'],
    ['+4917012345678', '+49 170 123 456 78'],
    ['0049 (170) 123-45', '00 491 701 234 5'],
    ['abc+49x170', '+49 170'],
    ['49+170', '49 170'],
    ['++49', '+49'],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
  it('keeps at most 17 digits grouped 2-3-3-3-3-3', () => {
    expect(formatPhone('+123456789012345678901')).toBe('+12 345 678 901 234 567');
    expect(phoneDigits(formatPhone('+123456789012345678901'))).toHaveLength(17);
  });
  it('is stable when re-applied to its own output', () => {
    const once = formatPhone('+4917012345678');
    expect(formatPhone(once)).toBe(once);
  });
});

describe('phoneDigits', () => {
  it('drops everything but digits', () => {
    expect(phoneDigits('+49 170 123')).toBe('49170123');
    expect(phoneDigits(null)).toBe('');
  });
});

describe('contact request', () => {
  const valid = { name: 'Max', phone: '+49 170 123', email: 'max@firm.de', message: 'Hello' };

  it('sends only digits for the phone and trims text', () => {
    expect(contactRequestSchema.parse({ ...valid, name: ' Max ' })).toEqual({
      name: 'Max',
      phone: '49170123',
      email: 'max@firm.de',
      message: 'Hello',
    });
  });
  it('reports each missing field with its key', () => {
    expect(fieldErrors(contactFormSchema, { name: ' ', phone: '+', email: '', message: '  ', consent: false })).toEqual(
      {
        name: 'name_required',
        phone: 'phone_required',
        email: 'email_required',
        message: 'message_required',
        consent: 'checkbox_required',
      },
    );
  });
  it('does not take the prefilled +49 alone as a phone number (the api refuses it too)', () => {
    expect(fieldErrors(contactRequestSchema, { ...valid, phone: '+49' }).phone).toBe('phone_required');
    expect(fieldErrors(contactRequestSchema, { ...valid, phone: '+49 1' })).toEqual({});
  });
  it('rejects an invalid email', () => {
    expect(fieldErrors(contactRequestSchema, { ...valid, email: 'max@firm' }).email).toBe('email_invalid');
  });
  it('requires the consent checkbox on the form only', () => {
    expect(fieldErrors(contactFormSchema, { ...valid, consent: true })).toEqual({});
    expect(fieldErrors(contactFormSchema, { ...valid }).consent).toBe('checkbox_required');
    expect(fieldErrors(contactRequestSchema, valid)).toEqual({});
  });
});
