import { eq } from 'drizzle-orm';
import type { License, LicenseCheckResponse } from '@portal/shared/domain';
import { licenses, licenseUsage } from '../src/db/schema';
import { findProduct } from '../src/modules/license/product/repository';
import { issueLicense } from '../src/modules/license/activation';
import { extendLicense } from '../src/modules/license';
import {
  createSubUser,
  createTestApp,
  offerEveryPlugin,
  registerUser,
  type TestApp,
  type TestIdentity,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await offerEveryPlugin(t.app);
}, 90_000);
afterAll(async () => t?.close());

/** A real license as a purchase makes it (fresh_desk Basic: 1 registration, the buyer's email already holds it). */
async function buy(owner: TestIdentity, productId = 'fresh_desk-basic-monthly'): Promise<License> {
  const product = await findProduct(t.app.db, productId);
  return issueLicense(t.app.db, { userId: owner.uid, email: owner.email }, product!);
}

const check = (body: object) => t.app.inject({ method: 'POST', url: '/api/license/check', payload: body });
const domain = (value: string) => ({ type: 'domain', value });
const DAY = 86_400_000;

describe('POST /api/license/check', () => {
  it('answers VALID for a registered identifier, with expiry and registrations, and names no owner', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller);
    const res = await check({
      key: license.key,
      plugin: 'fresh_desk',
      identifier: { type: 'email', value: seller.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      code: 'VALID',
      expiresAt: license.licenseExpired,
      registrations: { used: 1, max: 1 },
    });
    expect(res.body).not.toContain(seller.email.split('@')[0]);
    expect(res.body).not.toContain(seller.uid);
  });

  it('registers new identifiers while maxRegistrationsCount allows, then answers TOO_MANY_REGISTRATIONS', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller, 'fresh_desk-economical-monthly'); // 2 registrations, 1 used by the email
    const first = await check({
      key: license.key.toLowerCase(),
      plugin: 'fresh_desk',
      identifier: domain('Shop.Example.de'),
    });
    expect(first.json()).toMatchObject({ valid: true, code: 'VALID', registrations: { used: 2, max: 2 } });
    // Known identifier again (other case): still valid, nothing added.
    const again = await check({ key: license.key, plugin: 'fresh_desk', identifier: domain('shop.example.de') });
    expect(again.json()).toMatchObject({ code: 'VALID', registrations: { used: 2, max: 2 } });
    const third = await check({ key: license.key, plugin: 'fresh_desk', identifier: domain('other.example.de') });
    expect(third.json()).toMatchObject({
      valid: false,
      code: 'TOO_MANY_REGISTRATIONS',
      registrations: { used: 2, max: 2 },
    });
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row.licenseUsers).toEqual([
      { type: 'email', value: seller.email },
      { type: 'domain', value: 'shop.example.de' },
    ]);
  });

  it('lets exactly one of many parallel new identifiers take the last registration', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller, 'fresh_desk-economical-monthly');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        check({ key: license.key, plugin: 'fresh_desk', identifier: { type: 'ip', value: `203.0.113.${i + 1}` } }),
      ),
    );
    const codes = answers.map((a) => (a.json() as LicenseCheckResponse).code).sort();
    expect(codes.filter((c) => c === 'VALID')).toHaveLength(1);
    expect(codes.filter((c) => c === 'TOO_MANY_REGISTRATIONS')).toHaveLength(7);
  });

  it('answers NOT_FOUND the same way for unknown, malformed and absurdly long keys', async () => {
    const body = (key: string) => ({ key, plugin: 'fresh_desk', identifier: domain('shop.example.de') });
    for (const key of ['FD-0000-0000-0000-0000', 'not a key', '', 'x'.repeat(1000), "' OR 1=1 --"]) {
      const res = await check(body(key));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: false, code: 'NOT_FOUND' });
    }
  });

  it('answers WRONG_PLUGIN, INACTIVE and EXPIRED', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller);
    const id = { type: 'email', value: seller.email };
    expect((await check({ key: license.key, plugin: 'gpsr', identifier: id })).json()).toEqual({
      valid: false,
      code: 'WRONG_PLUGIN',
    });
    await t.app.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licenses.id, license.id));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toMatchObject({
      valid: false,
      code: 'EXPIRED',
    });
    await t.app.db.update(licenses).set({ status: 'inactive' }).where(eq(licenses.id, license.id));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toMatchObject({
      valid: false,
      code: 'INACTIVE',
    });
    await t.app.db.update(licenses).set({ status: 'deleted' }).where(eq(licenses.id, license.id));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toEqual({
      valid: false,
      code: 'NOT_FOUND',
    });
  });

  it('answers VALID during the payment grace of a failed renewal, then PAYMENT_OVERDUE; a paid renewal restores it', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller);
    const id = { type: 'email', value: seller.email };
    const ended = new Date(Date.now() - 3 * DAY);
    const graceUntil = new Date(Date.now() + 11 * DAY);
    await t.app.db
      .update(licenses)
      .set({ expiresAt: ended, paymentGraceUntil: graceUntil })
      .where(eq(licenses.id, license.id));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toEqual({
      valid: true,
      code: 'VALID',
      expiresAt: ended.toISOString(),
      paymentGraceUntil: graceUntil.toISOString(),
      registrations: { used: 1, max: 1 },
    });
    const past = new Date(Date.now() - 1000);
    await t.app.db.update(licenses).set({ paymentGraceUntil: past }).where(eq(licenses.id, license.id));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toEqual({
      valid: false,
      code: 'PAYMENT_OVERDUE',
      expiresAt: ended.toISOString(),
      paymentGraceUntil: past.toISOString(),
      registrations: { used: 1, max: 1 },
    });
    await extendLicense(t.app.db, license.id, new Date(Date.now() + 27 * DAY));
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).toMatchObject({
      valid: true,
      code: 'VALID',
    });
    expect((await check({ key: license.key, plugin: 'fresh_desk', identifier: id })).json()).not.toHaveProperty(
      'paymentGraceUntil',
    );
  });

  it('accepts a mobile key for the mobile plugin, also for mobile_default', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller, 'mobile_default-free');
    const res = await check({ key: license.key, plugin: 'mobile', identifier: { type: 'email', value: seller.email } });
    expect(res.json()).toMatchObject({ valid: true, code: 'VALID', expiresAt: null });
  });

  it('refuses malformed identifiers and plugins with 400 naming the field', async () => {
    for (const identifier of [
      { type: 'domain', value: 'no_dots' },
      { type: 'ip', value: '999.1.1.1' },
      { type: 'email', value: 'nope' },
      { type: 'deviceInfo', value: 'a\u0007b' },
      { type: 'phone', value: '123' },
      { type: 'domain', value: 'x'.repeat(300) + '.de' },
    ]) {
      const res = await check({ key: 'FD-1', plugin: 'fresh_desk', identifier });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ slug: 'validation-error' });
    }
    const res = await check({ key: 'FD-1', plugin: 'photoshop', identifier: domain('a.de') });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('plugin');
  });
});

describe('/api/license/usage', () => {
  const report = (body: object) => t.app.inject({ method: 'POST', url: '/api/license/usage', payload: body });
  const read = (who: TestIdentity, query = 'pluginName=fresh_desk') =>
    t.app.inject({ method: 'GET', url: `/api/license/usage?${query}`, headers: who.headers });
  const month = new Date().toISOString().slice(0, 7);

  it('keeps the highest running total per month and shows used / included to the seller and the sub-user', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller, 'fresh_desk-economical-monthly');
    expect((await read(seller)).json()).toEqual({ licenseId: license.id, month, used: 0, included: 2000 });
    expect((await report({ key: license.key, emails_sent: 1500 })).json()).toEqual({ month, emails_sent: 1500 });
    expect((await report({ key: license.key, emails_sent: 900 })).json()).toEqual({ month, emails_sent: 1500 });
    expect((await report({ key: license.key, emails_sent: 2100 })).json()).toEqual({ month, emails_sent: 2100 });
    expect((await read(seller)).json()).toMatchObject({ used: 2100, included: 2000 });
    const sub = await createSubUser(t.app, seller);
    expect((await read(sub)).json()).toMatchObject({ licenseId: license.id, used: 2100 });
    // A new month starts at zero.
    const rows = await t.app.db.select().from(licenseUsage).where(eq(licenseUsage.licenseId, license.id));
    expect(rows).toHaveLength(1);
  });

  it('counts extra email blocks bought with the license into what is included', async () => {
    const seller = await registerUser(t.app);
    const product = await findProduct(t.app.db, 'fresh_desk-basic-monthly');
    await issueLicense(t.app.db, { userId: seller.uid, email: seller.email }, product!, {
      extraOptions: { extra_email_count: 3000 },
    });
    expect((await read(seller)).json()).toMatchObject({ used: 0, included: 4000 });
  });

  it('refuses negative, fractional and absurd counts, future months and unknown keys', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller);
    for (const emails_sent of [-1, 1.5, 10_000_001, '12']) {
      expect((await report({ key: license.key, emails_sent })).statusCode).toBe(400);
    }
    expect((await report({ key: license.key, emails_sent: 1, month: '2999-01' })).statusCode).toBe(400);
    expect((await report({ key: license.key, emails_sent: 1, month: '2026-13' })).statusCode).toBe(400);
    const unknown = await report({ key: 'FD-0000-0000-0000-0000', emails_sent: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ slug: 'license-not-found' });
  });

  it('refuses usage for a plugin that is not metered, and 404s the seller without a valid license', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller, 'gpsr-basic-monthly');
    expect((await report({ key: license.key, emails_sent: 1 })).json()).toMatchObject({ slug: 'usage-not-metered' });
    expect((await read(seller)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/license/usage?pluginName=fresh_desk' })).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/license/registrations/{licenseId}', () => {
  const release = (who: TestIdentity | null, licenseId: string, type: string, value: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/license/registrations/${licenseId}?type=${type}&value=${encodeURIComponent(value)}`,
      headers: who?.headers,
    });

  it('frees a place so another shop can register', async () => {
    const seller = await registerUser(t.app);
    const license = await buy(seller);
    const res = await release(seller, license.id, 'email', seller.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect((res.json() as License).licenseUser).toEqual([]);
    const next = await check({ key: license.key, plugin: 'fresh_desk', identifier: domain('new.example.de') });
    expect(next.json()).toMatchObject({ code: 'VALID', registrations: { used: 1, max: 1 } });
    expect((await release(seller, license.id, 'email', seller.email)).json()).toMatchObject({
      slug: 'registration-not-found',
    });
  });

  it("hides other sellers' licenses, forbids sub-users and refuses bad input", async () => {
    const seller = await registerUser(t.app);
    const other = await registerUser(t.app);
    const license = await buy(seller);
    expect((await release(other, license.id, 'email', seller.email)).statusCode).toBe(404);
    const sub = await createSubUser(t.app, seller);
    expect((await release(sub, license.id, 'email', seller.email)).statusCode).toBe(403);
    expect((await release(null, license.id, 'email', seller.email)).statusCode).toBe(401);
    expect((await release(seller, 'not-a-uuid', 'email', seller.email)).statusCode).toBe(400);
    expect((await release(seller, license.id, 'phone', '1')).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row.licenseUsers).toHaveLength(1);
  });
});
