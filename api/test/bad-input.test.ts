import { eq } from 'drizzle-orm';
import { paypalAuth, profiles } from '../src/db/schema';
import {
  COMPLETE_CONTACT,
  completeProfile,
  createTestApp,
  grantMobileLicense,
  registerUser,
  users,
  type TestApp,
  type TestIdentity,
  uniqueEmail,
} from './helpers';

// Control characters (NUL first of all) anywhere → 400, never 500; query keys the route does not declare,
// or repeated keys, → 400 instead of being dropped; numbers only as numbers.

let t: TestApp;
let a: TestIdentity;

beforeAll(async () => {
  t = await createTestApp();
  a = await registerUser(t.app);
  await completeProfile(t.app, a);
  await grantMobileLicense(t.app, a.uid, 5);
});
afterAll(async () => t?.close());

const inject = (method: string, url: string, payload?: unknown, who: TestIdentity | null = a) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who ? who.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const contact = { ...COMPLETE_CONTACT, companyName: '', vatID: '' };

describe('control characters', () => {
  it.each([
    ['PUT', '/api/user/profile/contact', { ...contact, city: 'Ham\u0000burg' }, 'city'],
    ['PUT', '/api/user/profile/contact', { ...contact, street: 'Hafen\u0007straße' }, 'street'],
    ['PUT', '/api/user/profile/contact', { ...contact, lastName: 'Muster\u001bmann' }, 'lastName'],
    ['PUT', '/api/user/profile/contact', { ...contact, companyName: 'A\ud800B' }, 'companyName'],
    ['POST', '/api/user/subusers', { name: 'Max\u0000', email: 'nul-sub@test.portal' }, 'name'],
    ['POST', '/api/user/contact-us', { name: 'A', phone: '4912345', email: 'x@y.de', message: 'a\u0000b' }, 'message'],
    ['POST', '/api/user/contact-us', { name: 'A\u0000', phone: '4912345', email: 'x@y.de', message: 'ab' }, 'name'],
    [
      'POST',
      '/api/user/paypal/auth',
      { paypalEmail: 'pay\u0000@shop.example', clientId: 'client-123456', clientSecret: 'secret-123456' },
      'paypalEmail',
    ],
    ['POST', '/api/license/filter', { sort: 'LicenseCreated\u0000' }, 'sort'],
    ['POST', '/api/user/ds/test', { host: 'db\u0000.example', database: 'd', user: 'u', password: 'p' }, 'host'],
  ])('%s %s with one in %s → 400 naming the field', async (method, url, payload, field) => {
    const res = await inject(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ slug: 'validation-error', fields: { [field]: 'validation_text_invalid' } });
    expect(res.json().message).toMatch(/control characters/);
  });

  it.each([
    ['GET', '/api/license/key/a%00b'],
    ['DELETE', '/api/user/subusers?id=%00'],
    ['GET', '/api/license/product/a%00b'],
    ['GET', '/api/license/plugin?pluginName=mobile%00'],
    ['GET', '/api/user?userEmail=a%00%40b.de'],
    ['GET', '/api/license/key/%7F'],
  ])('%s %s (path or query) → 400', async (method, url) => {
    const res = await inject(method, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('validation-error');
  });

  it('refuses a control character in a JSON key too', async () => {
    const res = await inject('POST', '/api/license/filter', { 'page\u0000': 1 });
    expect(res.statusCode).toBe(400);
  });

  it('keeps line breaks where a field allows them (the contact message), refuses them in one-line fields', async () => {
    const ok = await inject('POST', '/api/user/contact-us', {
      name: 'Erika',
      phone: '4940123456',
      email: 'erika@shop.example',
      message: 'Line one\nLine two\r\n\tindented',
    });
    expect(ok.statusCode).toBe(201);
    const res = await inject('PUT', '/api/user/profile/contact', { ...contact, city: 'Ham\nburg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ city: 'validation_text_invalid' });
  });

  it('stores nothing from a refused request', async () => {
    await inject('PUT', '/api/user/profile/contact', { ...contact, firstName: 'Evil\u0000' });
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.userId, a.uid));
    expect(row.firstName).toBe('Erika');
  });
});

describe('query strings', () => {
  it('DELETE /api/user?email[]=x is refused and the account stays', async () => {
    const victim = await registerUser(t.app);
    const res = await inject('DELETE', '/api/user?email[]=x', undefined, victim);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ slug: 'validation-error', message: 'Unknown query parameter "email[]"' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, victim.uid));
    expect(row).toBeDefined();
  });

  it('DELETE /api/user/paypal/auth?email[]=x is refused and the credentials stay', async () => {
    const created = await inject('POST', '/api/user/paypal/auth', {
      paypalEmail: 'payments@shop.example',
      clientId: 'client-123456',
      clientSecret: 'secret-123456',
    });
    expect(created.statusCode).toBe(201);
    for (const url of [
      '/api/user/paypal/auth?email[]=x',
      `/api/user/paypal/auth?email=${encodeURIComponent(a.email)}&email=${encodeURIComponent(a.email)}`,
      '/api/user/paypal/auth?mail=x',
    ]) {
      const res = await inject('DELETE', url);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.app.db.select().from(paypalAuth).where(eq(paypalAuth.userId, a.uid));
    expect(row).toBeDefined();
    // The declared key, once, still works.
    const ok = await inject('DELETE', `/api/user/paypal/auth?email=${encodeURIComponent(a.email)}`);
    expect(ok.statusCode).toBe(204);
  });

  it.each([
    '/api/license/all?pageSize=true',
    '/api/license/all?page=1e5',
    '/api/license/all?page=0x10',
    '/api/license/all?page=1.5',
    '/api/license/all?page=%201',
    '/api/license/all?page=1&page=2',
    '/api/license/all?limit=5',
    '/api/invoice/list?limit=true',
    '/api/invoice/list?offset=1e5',
    '/api/invoice/list?limit=5&limit=6',
    '/api/user/subusers/max-allowed?x=1',
    '/api/user/profile/contact?email=x',
    '/api/health?verbose=1',
  ])('GET %s → 400', async (url) => {
    const res = await inject('GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('validation-error');
  });

  it('takes whole numbers as digits or JSON numbers', async () => {
    expect((await inject('GET', '/api/license/all?page=2&pageSize=5')).json()).toMatchObject({ page: 2, pageSize: 5 });
    expect((await inject('POST', '/api/license/filter', { page: 3, pageSize: 7 })).json()).toMatchObject({
      page: 3,
      pageSize: 7,
    });
    for (const body of [{ pageSize: true }, { page: '1e5' }, { page: 1.5 }, { pageSize: [5] }]) {
      expect((await inject('POST', '/api/license/filter', body)).statusCode).toBe(400);
    }
  });
});

describe('lengths', () => {
  it('refuses a sub-user name of 100 000 characters and one with a link or line break', async () => {
    for (const name of [
      'x'.repeat(100_000),
      'x'.repeat(101),
      'Max,\n\nIMPORTANT: your account is locked. Re-enter your password at http://evil.example/login',
      'Max http://evil.example',
      'Max www.evil.example',
      'evil.example',
      'Max <b>',
    ]) {
      const res = await inject('POST', '/api/user/subusers', { name, email: 'len-sub@test.portal' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['name']);
    }
    const ok = await inject('POST', '/api/user/subusers', {
      name: "Dr. Anna-Lena O'Brien (Lager)",
      email: uniqueEmail('ok-sub'),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses over-long free texts everywhere', async () => {
    const long = 'y'.repeat(5001);
    expect(
      (await inject('POST', '/api/user/contact-us', { name: 'A', phone: '4912345', email: 'x@y.de', message: long }))
        .statusCode,
    ).toBe(400);
    expect((await inject('PUT', '/api/user/profile/contact', { ...contact, street: 'z'.repeat(201) })).statusCode).toBe(
      400,
    );
    expect(
      (await inject('POST', '/api/user/subusers', { name: 'Max', email: `${'a'.repeat(250)}@test.portal` })).statusCode,
    ).toBe(400);
  });
});
