import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import {
  createSubUser,
  createTestApp,
  emulatorPost,
  firebaseUserExists,
  grantMobileLicense,
  registerUser,
  signIn,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const url = '/api/user/subusers';

function mailsTo(address: string): string[] {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`));
}

describe('max allowed', () => {
  it('is 0 without a mobile license and max_users of a valid one', async () => {
    const a = await registerUser(t.app);
    expect((await t.app.inject({ url: `${url}/max-allowed`, headers: a.headers })).json()).toEqual({ max_allowed: 0 });
    await grantMobileLicense(t.app, a.uid, 3, { expiresAt: new Date(Date.now() - 1000) });
    await grantMobileLicense(t.app, a.uid, 9, { status: 'inactive' });
    expect((await t.app.inject({ url: `${url}/max-allowed`, headers: a.headers })).json()).toEqual({ max_allowed: 0 });
    await grantMobileLicense(t.app, a.uid, 2);
    expect((await t.app.inject({ url: `${url}/max-allowed`, headers: a.headers })).json()).toEqual({ max_allowed: 2 });
  });

  it('is the plan\'s users plus the extra users bought with the license, and a POST stops there', async () => {
    const a = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 1, { extraUsers: 2 });
    expect((await t.app.inject({ url: `${url}/max-allowed`, headers: a.headers })).json()).toEqual({ max_allowed: 3 });
    for (let i = 0; i < 3; i++) {
      const email = `extra-${i}-${Date.now()}@test.portal`;
      const res = await t.app.inject({ method: 'POST', url, headers: a.headers, payload: { name: `Extra ${i}`, email } });
      expect(res.statusCode).toBe(201);
    }
    const over = await t.app.inject({
      method: 'POST',
      url,
      headers: a.headers,
      payload: { name: 'One too many', email: `extra-x-${Date.now()}@test.portal` },
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().slug).toBe('max-users-reached');
  });

  it('needs a token and a main user', async () => {
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    expect((await t.app.inject({ url: `${url}/max-allowed` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `${url}/max-allowed`, headers: sub.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only the parent user can manage users', slug: 'forbidden-for-subuser' });
  });
});

describe('create, list, rename, delete', () => {
  it('creates a Firebase account, a row and mails a password link; the sub-user can sign in after reset', async () => {
    const a = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 2);
    const email = `sub-${Date.now()}@test.portal`;
    const res = await t.app.inject({ method: 'POST', url, headers: a.headers, payload: { name: 'Max Lager', email } });
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({ name: 'Max Lager', email });
    expect(await firebaseUserExists(sub.id)).toBe(true);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, sub.id));
    expect(row.parentUserId).toBe(a.uid);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Ihr Zugang zum Kundenportal');
    const link = /(http:\/\/\S+oobCode=[^\s&]+\S*)/.exec(mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    expect(link).not.toBeNull();

    // Follow the emailed link like the user would: set a password with the oob code, then sign in.
    const oobCode = new URL(link![1]).searchParams.get('oobCode');
    const reset = await emulatorPost('accounts:resetPassword', { oobCode, newPassword: 'chosen123' });
    expect(reset.status).toBe(200);
    const token = await signIn(email, 'chosen123');
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ id: sub.id, parentUserId: a.uid });

    const list = await t.app.inject({ url, headers: a.headers });
    expect(list.json()).toEqual([sub]);

    const renamed = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { id: sub.id, name: 'Max Versand' },
    });
    expect(renamed.json().name).toBe('Max Versand');

    const del = await t.app.inject({ method: 'DELETE', url: `${url}?id=${sub.id}`, headers: a.headers });
    expect(del.statusCode).toBe(204);
    expect(await firebaseUserExists(sub.id)).toBe(false);
    expect((await t.app.inject({ url, headers: a.headers })).json()).toEqual([]);
  });

  it('stops at max_users with 403 max-users-reached', async () => {
    const a = await registerUser(t.app);
    const none = await t.app.inject({
      method: 'POST',
      url,
      headers: a.headers,
      payload: { name: 'X', email: `x-${Date.now()}@test.portal` },
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ message: 'Maximum number of users reached', slug: 'max-users-reached' });

    await grantMobileLicense(t.app, a.uid, 1);
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers: a.headers,
      payload: { name: 'One', email: `one-${Date.now()}@test.portal` },
    });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url,
      headers: a.headers,
      payload: { name: 'Two', email: `two-${Date.now()}@test.portal` },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().slug).toBe('max-users-reached');
  });

  it('rejects an email already in use', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await grantMobileLicense(t.app, a.uid, 5);
    const res = await t.app.inject({ method: 'POST', url, headers: a.headers, payload: { name: 'B', email: b.email } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Email is already in use.',
      slug: 'email-in-use',
      fields: { email: 'api_error_email_in_use' },
    });
  });

  it('validates name and email', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url, headers: a.headers, payload: { name: '', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name must not be empty; Email must be a valid email address');
    const noId = await t.app.inject({ method: 'DELETE', url, headers: a.headers });
    expect(noId.statusCode).toBe(400);
  });

  it("cannot see, rename or delete another user's sub-users", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const subOfB = await createSubUser(t.app, b, 'Secret Name');
    const list = await t.app.inject({ url, headers: a.headers });
    expect(list.json()).toEqual([]);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: a.headers,
      payload: { id: subOfB.uid, name: 'Hijack' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain('Secret Name');
    const del = await t.app.inject({ method: 'DELETE', url: `${url}?id=${subOfB.uid}`, headers: a.headers });
    expect(del.statusCode).toBe(404);
    expect(await firebaseUserExists(subOfB.uid)).toBe(true);
  });

  it('refuses sub-users and anonymous callers', async () => {
    const a = await registerUser(t.app);
    const sub = await createSubUser(t.app, a);
    for (const req of [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload: { name: 'n', email: 'n@test.portal' } },
      { method: 'PUT' as const, url, payload: { id: sub.uid, name: 'n' } },
      { method: 'DELETE' as const, url: `${url}?id=${sub.uid}` },
    ]) {
      const asSub = await t.app.inject({ ...req, headers: sub.headers });
      expect(asSub.statusCode).toBe(403);
      expect(asSub.json().slug).toBe('forbidden-for-subuser');
      expect((await t.app.inject(req)).statusCode).toBe(401);
    }
  });
});
