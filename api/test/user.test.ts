import { eq } from 'drizzle-orm';
import { invoices, profiles, users } from '../src/db/schema';
import {
  createFirebaseUser,
  createSubUser,
  createTestApp,
  firebaseUserExists,
  registerUser,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { createUserRow } from '../src/modules/user/service';

/** The buyer snapshot an invoice keeps after its buyer's account is gone. */
const BUYER = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  companyName: '',
  street: 'Hafenstraße',
  houseNumber: '7',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  vatId: '',
  invoiceEmail: '',
  language: 'de' as const,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/user', () => {
  it('returns the caller once created and 404 user-not-found before', async () => {
    const id = await createFirebaseUser();
    const before = await t.app.inject({ url: `/api/user?userEmail=${id.email}`, headers: id.headers });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'User not found', slug: 'user-not-found' });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: id.headers,
      payload: { Id: id.uid, Email: id.email },
    });
    expect(created.statusCode).toBe(201);

    const res = await t.app.inject({ url: `/api/user?userEmail=${encodeURIComponent(id.email)}`, headers: id.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: id.uid,
      email: id.email,
      parentUserId: null,
      language: 'de',
      isActive: true,
    });
    expect(Date.parse(res.json().createdAt)).not.toBeNaN();
  });

  it('answers 401 unable-to-verify-jwt without or with a bad token', async () => {
    const anonymous = await t.app.inject({ url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Token is invalid. Re-login again', slug: 'unable-to-verify-jwt' });
    const forged = await t.app.inject({ url: '/api/user', headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().slug).toBe('unable-to-verify-jwt');
  });

  it("does not reveal another user's account", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({ url: `/api/user?userEmail=${b.email}`, headers: a.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(b.uid);
  });

  it('rejects a malformed email with a readable 400', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ url: '/api/user?userEmail=nope', headers: a.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'userEmail: Email address is invalid',
      slug: 'validation-error',
      fields: { userEmail: 'validation_email_invalid' },
    });
  });

  it('answers 403 account-inactive for a deactivated account', async () => {
    const a = await registerUser(t.app);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, a.uid));
    const res = await t.app.inject({ url: '/api/user', headers: a.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your account is inactive. Contact your administrator',
      slug: 'account-inactive',
    });
  });
});

describe('POST /api/user', () => {
  it('is idempotent for the same account', async () => {
    const a = await registerUser(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: a.headers,
      payload: { Id: a.uid, Email: a.email },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.uid);
  });

  it('refuses to create a row for another uid or email', async () => {
    const a = await createFirebaseUser();
    const b = await createFirebaseUser();
    const otherUid = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: a.headers,
      payload: { Id: b.uid, Email: a.email },
    });
    expect(otherUid.statusCode).toBe(403);
    expect(otherUid.json().slug).toBe('uid-mismatch');
    const otherEmail = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: a.headers,
      payload: { Id: a.uid, Email: b.email },
    });
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().slug).toBe('email-mismatch');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, b.uid));
    expect(row).toBeUndefined();
  });

  it('answers 409 email-in-use, marking the Email field, when another account has the address', async () => {
    const email = uniqueEmail('taken');
    await createUserRow(t.app.db, { id: `ghost-${Date.now()}`, email });
    const a = await createFirebaseUser({ email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: a.headers,
      payload: { Id: a.uid, Email: email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email is already in use.',
      slug: 'email-in-use',
      fields: { Email: 'api_error_email_in_use' },
    });
  });

  it('refuses an account whose stored email has blanks or controls around it: never the address it looks like', async () => {
    for (const [label, around] of [
      ['trailing space', (e: string) => `${e} `],
      ['leading space', (e: string) => ` ${e}`],
      ['tab', (e: string) => `${e}\t`],
      ['no-break space', (e: string) => `${e}\u00a0`],
    ] as const) {
      const clean = uniqueEmail('lookalike');
      const a = await createFirebaseUser({ email: around(clean) });
      for (const Email of [clean, around(clean)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user',
          headers: a.headers,
          payload: { Id: a.uid, Email },
        });
        expect([label, res.statusCode, res.json().slug, res.json().fields]).toEqual([
          label,
          400,
          'validation-error',
          { Email: 'validation_email_single' },
        ]);
        expect(res.json().message).toMatch(/one address, without spaces or control characters/);
      }
      const [row] = await t.app.db.select().from(users).where(eq(users.id, a.uid));
      expect(row).toBeUndefined();
    }
  });

  it('validates the body', async () => {
    const a = await createFirebaseUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: a.headers, payload: { Id: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('validation-error');
    expect(res.json().message).toMatch(/Id is required/);
    expect(res.json().message).toMatch(/Email/);
  });

  it('rejects malformed JSON and anonymous calls', async () => {
    const a = await createFirebaseUser();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { ...a.headers, 'content-type': 'application/json' },
      payload: '{"Id":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Request body is not valid JSON', slug: 'bad-request' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/user', payload: { Id: a.uid, Email: a.email } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/user', () => {
  it('updates the language of the caller only', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: a.headers,
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('en');
    const other = await t.app.inject({ url: '/api/user', headers: b.headers });
    expect(other.json().language).toBe('de');
  });

  it('answers 400 for an empty or invalid body and 401 anonymously', async () => {
    const a = await registerUser(t.app);
    const empty = await t.app.inject({ method: 'PUT', url: '/api/user', headers: a.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Request must not be empty');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: a.headers,
      payload: { language: 'fr' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Language must be de or en');
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/user', payload: { language: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("cannot move the row to another user's email", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: a.headers,
      payload: { Email: b.email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('email-mismatch');
  });
});

describe('DELETE /api/user', () => {
  it('deletes Firebase accounts and rows of the user and sub-users, keeping invoices detached', async () => {
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    const [invoice] = await t.app.db
      .insert(invoices)
      .values({
        invoiceNumber: `INV-${a.uid}`,
        userId: a.uid,
        userEmail: a.email,
        amountNet: 1000,
        vatAmount: 190,
        amount: 1190,
        buyer: { ...BUYER, invoiceEmail: a.email },
      })
      .returning();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/user?email=${a.email}`, headers: a.headers });
    expect(res.statusCode).toBe(204);

    expect(await firebaseUserExists(a.uid)).toBe(false);
    expect(await firebaseUserExists(sub.uid)).toBe(false);
    expect(await t.app.db.select().from(users).where(eq(users.id, a.uid))).toHaveLength(0);
    expect(await t.app.db.select().from(users).where(eq(users.id, sub.uid))).toHaveLength(0);
    expect(await t.app.db.select().from(profiles).where(eq(profiles.userId, a.uid))).toHaveLength(0);
    const [kept] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ userId: null, userEmail: a.email, amount: 1190, buyer: { lastName: 'Mustermann' } });
  });

  it("refuses another user's email and anonymous calls without deleting anything", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user?email=${b.email}`, headers: a.headers });
    expect(res.statusCode).toBe(404);
    expect(await firebaseUserExists(b.uid)).toBe(true);
    expect(await firebaseUserExists(a.uid)).toBe(true);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/user?email=${a.email}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/user?email=x', headers: a.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('system routes', () => {
  it('reports health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'healthy',
      db: { ok: true },
      checks: {
        database: { status: 'healthy' },
        identity: { status: 'healthy' },
        mail: { status: 'healthy' },
        fileStorage: { status: 'healthy' },
        paymentProvider: { status: 'healthy' },
      },
    });
  });

  it('reports degraded (200) when a dependency other than the database fails', async () => {
    const storage = t.app.fileStorage;
    const exists = storage.exists.bind(storage);
    storage.exists = () => Promise.reject(new Error('bucket gone'));
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        checks: { fileStorage: { status: 'unhealthy', detail: 'bucket gone' }, database: { status: 'healthy' } },
      });
    } finally {
      storage.exists = exists;
    }
  });

  it('reports unhealthy with 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.dbHandle.close();
      const res = await broken.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unhealthy',
        db: { ok: false },
        checks: { database: { status: 'unhealthy' } },
      });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('serves the Swagger UI page', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the OpenAPI document with the user routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/', '/api/user/profile/contact', '/api/portal/registry']),
    );
  });

  it('answers unknown routes with a 404 error body', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().slug).toBe('route-not-found');
  });
});
