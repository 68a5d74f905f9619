import { fieldErrors } from './validate';
import { loginSchema, passwordSchema, registrationSchema } from './auth';
import { emailSchema, isSingleAddress, isValidEmail, normalizedEmailSchema } from './email';
import { subUserInputSchema } from './sub-user';

describe('email rule', () => {
  it.each(['a@b.de', 'first.last@sub.example.com', ' name@domain.org '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
  it.each(['a@b.c', 'a@b', 'ab.de', 'a@b.d3', '@b.de', 'a@.de'])('rejects %s as invalid', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(fieldErrors(loginSchema, { email, password: 'x' }).email).toBe('validation_email_invalid');
  });
  // A mailer reads these as a list, a display name, a comment or a quoted string: "a;victim@x.de" would be
  // delivered to victim@x.de. Blanks, controls and invisible characters inside make a look-alike of another address.
  it.each([
    'a;victim@x.de',
    'a,victim@x.de',
    'victim@x.de;a@b.de',
    'a <victim@x.de>',
    '<victim@x.de>',
    'a(c)@x.de',
    '"a"@x.de',
    'a:b@x.de',
    'a\\b@x.de',
    'a@[x].de',
    'a@b@x.de',
    'a b@c.de',
    'a\tb@c.de',
    'a\u00a0b@c.de',
    'a\u200b@c.de',
    'a\u202e@c.de',
    'a\u0000@c.de',
    'a\u0085@c.de',
    'a\ud800@c.de',
  ])('rejects %j as more than one plain address', (email) => {
    expect(isSingleAddress(email)).toBe(false);
    expect(isValidEmail(email)).toBe(false);
    expect(fieldErrors(loginSchema, { email, password: 'x' }).email).toBe('validation_email_single');
    expect(fieldErrors(subUserInputSchema, { name: 'Max', email }).email).toBe('validation_email_single');
    expect(normalizedEmailSchema.safeParse(email).success).toBe(false);
  });
  it.each(["o'neil+tag@b.de", 'ünïcode@b.de', 'a.b-c_d@sub.b.de'])('accepts %s as one plain address', (email) => {
    expect(isSingleAddress(email)).toBe(true);
    expect(isValidEmail(email)).toBe(true);
  });
  it('empty email is required, not invalid', () => {
    expect(fieldErrors(loginSchema, { email: '  ', password: 'x' }).email).toBe('validation_email_required');
    expect(fieldErrors(loginSchema, { password: 'x' }).email).toBe('validation_email_required');
  });
  it('trims the email it returns', () => {
    expect(loginSchema.parse({ email: ' a@b.de ', password: 'x' }).email).toBe('a@b.de');
  });
});

describe('password and registration', () => {
  const valid = { email: 'a@b.de', password: 'secret', repeatPassword: 'secret', terms: true };

  it('accepts a valid registration', () => {
    expect(fieldErrors(registrationSchema, valid)).toEqual({});
  });
  it('password of 5 chars is short, 6 is fine', () => {
    expect(fieldErrors(registrationSchema, { ...valid, password: '12345', repeatPassword: '12345' }).password).toBe(
      'validation_password_short',
    );
    expect(passwordSchema.safeParse('123456').success).toBe(true);
  });
  it('empty password is required', () => {
    expect(fieldErrors(registrationSchema, { ...valid, password: '', repeatPassword: '' }).password).toBe(
      'validation_password_required',
    );
    expect(fieldErrors(loginSchema, { email: 'a@b.de', password: '' }).password).toBe('validation_password_required');
  });
  it('login does not apply the length rule', () => {
    expect(fieldErrors(loginSchema, { email: 'a@b.de', password: '1' })).toEqual({});
  });
  it('repeat must equal password', () => {
    expect(fieldErrors(registrationSchema, { ...valid, repeatPassword: 'secreT' }).repeatPassword).toBe(
      'validation_password_mismatch',
    );
  });
  it('terms must be ticked', () => {
    expect(fieldErrors(registrationSchema, { ...valid, terms: false }).terms).toBe('validation_terms_required');
  });
  it('reports the mismatch together with other field errors', () => {
    const errors = fieldErrors(registrationSchema, { ...valid, repeatPassword: 'other', terms: false });
    expect(errors).toEqual({ terms: 'validation_terms_required', repeatPassword: 'validation_password_mismatch' });
  });
});
