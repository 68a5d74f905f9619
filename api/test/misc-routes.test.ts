import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { contactRequests, paypalAuth, subscriptions } from '../src/db/schema';
import { createSubUser, createTestApp, grantMobileLicense, registerUser, type TestApp } from './helpers';
import { grantGpsrLicense } from './gpsr/gpsr-fixtures';
import { licenses, products } from '../src/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@portal.test' });
});
afterAll(async () => t?.close());

describe('POST /api/user/contact-us', () => {
  const payload = {
    name: ' Erika ',
    phone: '+49 170 1234567',
    email: 'erika@shop.example',
    message: 'Wie verbinde ich meine Datenbank?',
  };

  it('stores the request and mails support', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/contact-us', headers: a.headers, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.app.db.select().from(contactRequests).where(eq(contactRequests.userId, a.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Erika', phone: '491701234567', email: 'erika@shop.example' });
    const dir = path.join(t.dataDir, 'mail');
    const mail = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((m) => m.includes(a.uid));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: help@portal.test');
    expect(mail).toContain('Reply-To: erika@shop.example');
  });

  it('rejects empty fields with readable messages and anonymous calls', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-us',
      headers: a.headers,
      payload: { ...payload, phone: 'abc', message: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Phone is required; Message is required');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/contact-us', payload })).statusCode).toBe(401);
  });
});

describe('GET /api/user/token', () => {
  it('describes the verified token', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ url: '/api/user/token', headers: a.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ uid: a.uid, email: a.email, emailVerified: true, maxAgeSeconds: 300, fresh: true });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('answers 401 anonymously or with a broken token', async () => {
    expect((await t.app.inject({ url: '/api/user/token' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/user/token', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.json().slug).toBe('unable-to-verify-jwt');
  });
});

describe('/api/user/paypal/auth', () => {
  const url = '/api/user/paypal/auth';
  const body = {
    paypalEmail: 'Payments@Shop.example',
    clientId: 'AbCdEf123456',
    clientSecret: 'very-secret-value',
    mode: 'sandbox',
  };

  it('creates, reads, updates and deletes credentials without returning the secret', async () => {
    const a = await registerUser(t.app);
    expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: `${url}?email=${a.email}`,
      headers: a.headers,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'payments@shop.example',
      clientId: 'AbCdEf123456',
      mode: 'sandbox',
      hasSecret: true,
    });
    expect(created.body).not.toContain('very-secret-value');

    const [row] = await t.app.db.select().from(paypalAuth).where(eq(paypalAuth.userId, a.uid));
    expect(row.secretEncrypted).not.toContain('very-secret-value');
    expect(t.app.crypto.decrypt(row.secretEncrypted)).toBe('very-secret-value');

    const dup = await t.app.inject({ method: 'POST', url, headers: a.headers, payload: body });
    expect(dup.statusCode).toBe(409);

    const updated = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { mode: 'live', clientSecret: 'another-secret' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().mode).toBe('live');
    const [row2] = await t.app.db.select().from(paypalAuth).where(eq(paypalAuth.userId, a.uid));
    expect(t.app.crypto.decrypt(row2.secretEncrypted)).toBe('another-secret');

    const read = await t.app.inject({ url, headers: a.headers });
    expect(read.json()).toMatchObject({ clientId: 'AbCdEf123456', mode: 'live' });
    expect(read.body).not.toContain('secret');

    expect((await t.app.inject({ method: 'DELETE', url, headers: a.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: a.headers })).statusCode).toBe(404);
  });

  it('validates input', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: a.headers,
      payload: { ...body, clientSecret: 'x', mode: 'prod' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('clientSecret must be at least 8 characters; mode must be sandbox or live');
    const empty = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("keeps credentials per user, hides another user's, refuses sub-users and anonymous calls", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url, headers: b.headers, payload: body });
    expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(404);
    const byEmail = await t.app.inject({ url: `${url}?email=${b.email}`, headers: a.headers });
    expect(byEmail.statusCode).toBe(404);
    expect(byEmail.body).not.toContain('AbCdEf123456');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}?email=${b.email}`, headers: a.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url, headers: b.headers })).statusCode).toBe(200);

    const sub = await createSubUser(t.app, b);
    const asSub = await t.app.inject({ url, headers: sub.headers });
    expect(asSub.statusCode).toBe(403);
    expect(asSub.json().slug).toBe('forbidden-for-subuser');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('GET /api/subscription/overage/pending', () => {
  const url = '/api/subscription/overage/pending';

  it('lists active subscriptions of the account with pending overage, also for its sub-users', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ url, headers: a.headers })).json()).toEqual({ subscriptions_to_approve: [] });
    // Two plugins: a seller has at most one live subscription per plugin.
    await grantMobileLicense(t.app, a.uid, 1);
    const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, a.uid));
    await grantGpsrLicense(t.app, a.uid);
    const [otherPlan] = (await t.app.db.select().from(licenses).where(eq(licenses.userId, a.uid))).filter(
      (l) => l.id !== license.id,
    );
    const [pending] = await t.app.db
      .insert(subscriptions)
      .values({ userId: a.uid, licenseId: license.id, overagePending: true, overageAmount: 1200 })
      .returning();
    await t.app.db.insert(subscriptions).values({ userId: a.uid, licenseId: otherPlan.id, overagePending: false });
    await t.app.db
      .insert(subscriptions)
      .values({ userId: a.uid, licenseId: license.id, overagePending: true, status: 'Cancelled' });

    expect((await t.app.inject({ url, headers: a.headers })).json()).toEqual({
      subscriptions_to_approve: [{ id: pending.id }],
    });
    const sub = await createSubUser(t.app, a);
    expect((await t.app.inject({ url, headers: sub.headers })).json()).toEqual({
      subscriptions_to_approve: [{ id: pending.id }],
    });
    expect((await t.app.inject({ url, headers: b.headers })).json()).toEqual({ subscriptions_to_approve: [] });
  });

  it('answers 401 anonymously', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('GET /api/user/freshdesk-api-key', () => {
  const url = '/api/user/freshdesk-api-key';

  async function grantFreshdesk(userId: string, expiresAt: Date | null) {
    const productId = `test-fd-${userId.slice(0, 8)}-${Date.now()}`;
    await t.app.db.insert(products).values({
      id: productId,
      name: 'Freshdesk Basic',
      pluginName: 'fresh_desk',
      licenseType: 'subscription',
      priceAmount: 1900,
    });
    await t.app.db.insert(licenses).values({ userId, productId, key: `K-${productId}`, expiresAt });
  }

  it('needs a valid fresh_desk license', async () => {
    const a = await registerUser(t.app);
    const none = await t.app.inject({ url, headers: a.headers });
    expect(none.statusCode).toBe(403);
    expect(none.json().slug).toBe('license-required');
    await grantFreshdesk(a.uid, new Date(Date.now() - 60_000));
    expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(403);
  });

  it('creates one stable key per account without a colon, shared with sub-users, separate per account', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await grantFreshdesk(a.uid, null);
    await grantFreshdesk(b.uid, new Date(Date.now() + 86400_000));
    const first = await t.app.inject({ url, headers: a.headers });
    expect(first.statusCode).toBe(200);
    const key = first.json().api_key;
    expect(key).toMatch(/^fdk_[A-Za-z0-9_-]{32}$/);
    expect((await t.app.inject({ url, headers: a.headers })).json().api_key).toBe(key);
    const sub = await createSubUser(t.app, a);
    expect((await t.app.inject({ url, headers: sub.headers })).json().api_key).toBe(key);
    const other = await t.app.inject({ url, headers: b.headers });
    expect(other.json().api_key).not.toBe(key);
  });

  it('answers 401 anonymously', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
