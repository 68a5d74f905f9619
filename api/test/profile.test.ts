import { eq } from 'drizzle-orm';
import { avvAcceptances, profiles } from '../src/db/schema';
import { pdfText as extractText } from './pdf-text';
import { COMPLETE_CONTACT, completeProfile, createSubUser, createTestApp, registerUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const base = '/api/user/profile';

describe('profile contact', () => {
  it('returns defaults for a new user with the invoice email falling back to the login email', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ url: `${base}/contact`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: a.email,
      firstName: '',
      lastName: '',
      companyName: '',
      country: 'DE',
      city: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      invoiceEmail: a.email,
      vatID: '',
      vatVerification: null,
      parentUserId: null,
    });
  });

  it('saves and returns the contact of the caller only', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, invoiceEmail: 'billing@mustermann.example', email: 'ignored@x.de' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      ...COMPLETE_CONTACT,
      email: a.email,
      invoiceEmail: 'billing@mustermann.example',
    });
    const again = await t.app.inject({ url: `${base}/contact`, headers: a.headers });
    expect(again.json().companyName).toBe('Mustermann Versand GmbH');
    const other = await t.app.inject({ url: `${base}/contact`, headers: b.headers });
    expect(other.json().companyName).toBe('');
    expect(other.body).not.toContain('Mustermann');
  });

  it('shows the parent of a sub-user', async () => {
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    const res = await t.app.inject({ url: `${base}/contact`, headers: sub.headers });
    expect(res.json().parentUserId).toBe(a.uid);
  });

  it('rejects missing required fields and bad formats with readable messages', async () => {
    const a = await registerUser(t.app);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, firstName: ' ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'First name is required',
      slug: 'validation-error',
      fields: { firstName: 'validation_firstName_required' },
    });
    const noHouseNumber = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, houseNumber: '' },
    });
    expect(noHouseNumber.statusCode).toBe(400);
    expect(noHouseNumber.json().fields).toEqual({ houseNumber: 'validation_houseNumber_required' });
    const postal = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, postalCode: '123' },
    });
    expect(postal.statusCode).toBe(400);
    expect(postal.json()).toEqual({
      message: 'Postal code is invalid',
      slug: 'validation-error',
      fields: { postalCode: 'validation_postalCode_invalid' },
    });
    const vat = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, vatID: 'DE123456789' },
    });
    expect(vat.statusCode).toBe(400);
    expect(vat.json()).toEqual({
      message: 'VAT ID is invalid',
      slug: 'validation-error',
      fields: { vatID: 'validation_vatID_invalid' },
    });
    const country = await t.app.inject({
      method: 'PUT',
      url: `${base}/contact`,
      headers: a.headers,
      payload: { ...COMPLETE_CONTACT, country: 'US' },
    });
    expect(country.statusCode).toBe(400);
    expect(country.json().message).toBe('Country is not one of the supported countries');
    expect(country.json().fields).toEqual({ country: 'validation_country_invalid' });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ url: `${base}/contact` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `${base}/contact`, payload: COMPLETE_CONTACT })).statusCode).toBe(
      401,
    );
  });
});

describe('language', () => {
  it('reads and writes the language', async () => {
    const a = await registerUser(t.app);
    expect((await t.app.inject({ url: `${base}/language`, headers: a.headers })).json()).toEqual({ language: 'de' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/language`,
      headers: a.headers,
      payload: { language: 'en' },
    });
    expect(put.json()).toEqual({ language: 'en' });
    expect((await t.app.inject({ url: '/api/user', headers: a.headers })).json().language).toBe('en');
  });

  it('rejects an empty or unknown language and anonymous calls', async () => {
    const a = await registerUser(t.app);
    const empty = await t.app.inject({ method: 'PUT', url: `${base}/language`, headers: a.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Language must be de or en');
    const fr = await t.app.inject({
      method: 'PUT',
      url: `${base}/language`,
      headers: a.headers,
      payload: { language: 'fr' },
    });
    expect(fr.statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}/language` })).statusCode).toBe(401);
  });
});

describe('AVV acceptance', () => {
  it('refuses to accept with an incomplete profile', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `${base}/avv-accepted-date`, headers: a.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Profile information is incomplete', slug: 'profile-incomplete' });
    const noHouseNumber = await registerUser(t.app);
    // Saving without a house number is refused now; a profile stored before that rule still lacks it.
    await completeProfile(t.app, noHouseNumber);
    await t.app.db.update(profiles).set({ houseNumber: '' }).where(eq(profiles.userId, noHouseNumber.uid));
    const res2 = await t.app.inject({
      method: 'POST',
      url: `${base}/avv-accepted-date`,
      headers: noHouseNumber.headers,
    });
    expect(res2.json().slug).toBe('profile-incomplete');
  });

  it('records now, the version and a history row', async () => {
    const a = await registerUser(t.app);
    const before = await t.app.inject({ url: `${base}/avv-accepted-date`, headers: a.headers });
    expect(before.json()).toEqual({ avvAcceptedDate: null, version: null });
    await completeProfile(t.app, a);
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: `${base}/avv-accepted-date`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe('2026-01');
    expect(Date.parse(body.avvAcceptedDate)).toBeGreaterThanOrEqual(started - 1000);
    expect((await t.app.inject({ url: `${base}/avv-accepted-date`, headers: a.headers })).json()).toEqual(body);
    const history = await t.app.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, a.uid));
    expect(history).toHaveLength(1);
    expect(history[0].version).toBe('2026-01');
  });

  it('keeps acceptances per user and needs a token', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await completeProfile(t.app, a);
    await t.app.inject({ method: 'POST', url: `${base}/avv-accepted-date`, headers: a.headers });
    expect(
      (await t.app.inject({ url: `${base}/avv-accepted-date`, headers: b.headers })).json().avvAcceptedDate,
    ).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `${base}/avv-accepted-date` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${base}/avv-accepted-date` })).statusCode).toBe(401);
  });
});

describe('verify reminder', () => {
  it('reads and writes the flag', async () => {
    const a = await registerUser(t.app);
    expect((await t.app.inject({ url: `${base}/verify-reminder`, headers: a.headers })).json()).toEqual({
      verifyReminder: true,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/verify-reminder`,
      headers: a.headers,
      payload: { verifyReminder: false },
    });
    expect(put.json()).toEqual({ verifyReminder: false });
    expect((await t.app.inject({ url: `${base}/verify-reminder`, headers: a.headers })).json()).toEqual({
      verifyReminder: false,
    });
  });

  it('rejects a non-boolean and anonymous calls', async () => {
    const a = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${base}/verify-reminder`,
      headers: a.headers,
      payload: { verifyReminder: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('verifyReminder must be true or false');
    expect((await t.app.inject({ url: `${base}/verify-reminder` })).statusCode).toBe(401);
  });
});

describe('AVV PDF', () => {
  const decode = (base64: string) => {
    const buffer = Buffer.from(base64, 'base64');
    return { header: buffer.subarray(0, 5).toString('latin1'), text: extractText(buffer) };
  };

  it('renders a German PDF with company name and acceptance date', async () => {
    const a = await registerUser(t.app);
    await completeProfile(t.app, a);
    await t.app.inject({ method: 'POST', url: `${base}/avv-accepted-date`, headers: a.headers });
    const res = await t.app.inject({ url: `${base}/avv/download?lang=de`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const { header, text } = decode(res.json().pdf);
    expect(header).toBe('%PDF-');
    expect(text).toContain('Mustermann Versand GmbH');
    expect(text).toContain('Hafenstraße 7');
    expect(text).toContain('Vertrag zur Auftragsverarbeitung (AVV)');
    expect(text).toContain('Art. 28');
    expect(text).toContain('Technische und organisatorische Maßnahmen');
    expect(text).toContain('Vertragsversion: 2026-01');
    expect(text).toMatch(/Akzeptiert am: \d{2}\.\d{2}\.\d{4}/);
    expect(text).not.toContain('noch nicht akzeptiert');
  });

  it('renders English with "not yet accepted" before acceptance', async () => {
    const a = await registerUser(t.app);
    await completeProfile(t.app, a);
    const res = await t.app.inject({ url: `${base}/avv/download?lang=en`, headers: a.headers });
    const { header, text } = decode(res.json().pdf);
    expect(header).toBe('%PDF-');
    expect(text).toContain('Data Processing Agreement (DPA)');
    expect(text).toContain('Sub-processors');
    expect(text).toContain('Accepted on: not yet accepted');
    expect(text).toContain('Mustermann Versand GmbH');
  });

  it('rejects an unknown language and anonymous calls', async () => {
    const a = await registerUser(t.app);
    const bad = await t.app.inject({ url: `${base}/avv/download?lang=fr`, headers: a.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('lang must be de or en');
    expect((await t.app.inject({ url: `${base}/avv/download` })).statusCode).toBe(401);
  });
});
