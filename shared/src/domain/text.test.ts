import { contactRequestSchema } from './contact-request';
import { licenseFilterSchema } from './license';
import { profileContactFieldsSchema } from './profile';
import { subUserInputSchema } from './sub-user';
import { isPlainText, isSafePersonName, lineText } from './text';

describe('isPlainText', () => {
  it.each(['a\u0000b', 'a\u0007', '\u001b[31m', 'x\u007f', 'x\u0085', 'x\u009b', 'a\ud800', '\udc00b'])(
    'refuses %j',
    (value) => {
      expect(isPlainText(value)).toBe(false);
      expect(isPlainText(value, { multiline: true })).toBe(false);
    },
  );

  it('allows line breaks and tabs only where text may span lines', () => {
    for (const value of ['a\nb', 'a\r\nb', 'a\tb', 'a\u2028b']) {
      expect(isPlainText(value)).toBe(false);
      expect(isPlainText(value, { multiline: true })).toBe(true);
    }
    expect(isPlainText('Grüße 😀 Straße')).toBe(true);
  });

  it('lineText trims, limits and refuses control characters', () => {
    expect(lineText(5).safeParse(' abc ').data).toBe('abc');
    expect(lineText(5).safeParse('abcdef').success).toBe(false);
    expect(lineText(5).safeParse('a\u0000').success).toBe(false);
  });
});

describe('isSafePersonName', () => {
  it.each(["Dr. Anna-Lena O'Brien", 'Müller & Söhne (Lager)', 'José Ñúñez', 'Max 2'])('accepts %s', (name) => {
    expect(isSafePersonName(name)).toBe(true);
  });

  it.each([
    'Max http://evil.example',
    'www.evil.example',
    'evil.example',
    'a@b',
    'x/y',
    '<b>',
    'Max,\nIMPORTANT',
    'x'.repeat(101),
  ])('refuses %j', (name) => {
    expect(isSafePersonName(name)).toBe(false);
  });

  // Link parsers take the ideographic full stop and its fullwidth/halfwidth forms as dots, and any script's
  // top-level domain: these read as links in a mail as much as "evil.de" does.
  it.each([
    'evil\u3002de',
    'evil\uff0ecom',
    'evil\uff61de',
    'Max evil\uff0e\uff43\uff4f\uff4d',
    '\uff57\uff57\uff57\uff0eevil',
    'evil\u2024com',
    'evil\ufe52com',
    'http\uff1a\uff0f\uff0fevil',
    'Max\uff20evil',
    'пример.рф',
    'Иван пример.рф',
    '例子.中国',
    '例子。中国',
    'evil.xn--p1ai',
    'EVIL.COM',
  ])('refuses the link %j', (name) => {
    expect(isSafePersonName(name)).toBe(false);
    expect(subUserInputSchema.safeParse({ name, email: 'a@b.de' }).error?.issues[0].message).toBe('name_invalid');
  });

  it.each([
    'Dr. Anna Müller',
    'J. R. R. Tolkien',
    "Zoë O'Neil",
    'Иван Петров',
    '王小明',
    'Σωκράτης Π.',
    'Anna-Lena Meyer-Schmidt',
    'Ａｎｎａ Ｍüｌｌｅｒ',
  ])('accepts the name %j', (name) => {
    expect(isSafePersonName(name)).toBe(true);
  });

  it('stays fast on a huge input', () => {
    const started = Date.now();
    subUserInputSchema.safeParse({ name: 'x'.repeat(1_000_000), email: 'a@b.de' });
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('the shared request schemas use the rule', () => {
  it('sub-user name and email, contact fields, profile fields', () => {
    expect(subUserInputSchema.safeParse({ name: 'Max\u0000', email: 'a@b.de' }).error?.issues[0].message).toBe(
      'name_invalid',
    );
    expect(subUserInputSchema.safeParse({ name: 'Max', email: 'a\u0000@b.de' }).success).toBe(false);
    const contact = { name: 'A', phone: '4912345', email: 'x@y.de', message: 'line\nline' };
    expect(contactRequestSchema.safeParse(contact).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...contact, name: 'A\nB' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...contact, message: 'a\u0000' }).success).toBe(false);
    expect(profileContactFieldsSchema.shape.city.safeParse('Ham\u0000burg').success).toBe(false);
  });

  it('license filter numbers: digits or whole JSON numbers only', () => {
    expect(licenseFilterSchema.parse({ page: '2', pageSize: 5 })).toMatchObject({ page: 2, pageSize: 5 });
    for (const page of [true, '1e5', '0x10', 1.5, ' 1', '', [1]]) {
      expect(licenseFilterSchema.safeParse({ page }).success).toBe(false);
    }
    expect(licenseFilterSchema.safeParse({ pageSize: 101 }).error?.issues[0].message).toBe(
      'validation_pageSize_invalid',
    );
  });
});
