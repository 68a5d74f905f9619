import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { subUserInvitation } from '../src/modules/user/subusers/invitation-mail';
import {
  createTestApp,
  grantMobileLicense,
  registerUser,
  uniqueEmail,
  users,
  type TestApp,
  type TestIdentity,
} from './helpers';

// The sub-user limit under concurrency, and invitation mail that cannot be abused.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INVITES_PER_ACCOUNT_PER_DAY: '5', INVITES_PER_ADDRESS_PER_DAY: '2' });
});
afterAll(async () => t?.close());

const url = '/api/user/subusers';

/** A registered seller whose mobile plan allows `maxUsers` sub-users. */
async function seller(maxUsers: number): Promise<TestIdentity> {
  const a = await registerUser(t.app);
  await grantMobileLicense(t.app, a.uid, maxUsers);
  return a;
}

/** The seller's invitation of a sub-user (POST /api/user/subusers). */
const invite = (parent: TestIdentity, payload: { name: string; email: string }) =>
  t.app.inject({ method: 'POST', url, headers: parent.headers, payload });

async function subUserCount(parentId: string): Promise<number> {
  const [{ n }] = await t.app.db.select({ n: count() }).from(users).where(eq(users.parentUserId, parentId));
  return n;
}

function mailsTo(address: string): string[] {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`));
}

describe('sub-user limit under concurrency', () => {
  it('max_users = 1 and five parallel POSTs create exactly one sub-user', async () => {
    const a = await seller(1);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => invite(a, { name: `Racer ${i}`, email: uniqueEmail('race') })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403, 403]);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json().slug).toBe('max-users-reached');
    expect(await subUserCount(a.uid)).toBe(1);
  });

  it('max_users = 2 and parallel POSTs never overshoot', async () => {
    const a = await seller(2);
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => invite(a, { name: `Racer ${i}`, email: uniqueEmail('race') })),
    );
    expect(await subUserCount(a.uid)).toBe(2);
  });

  it('removes the reserved row again when the identity service refuses the account (email already there)', async () => {
    const a = await seller(3);
    const taken = await registerUser(t.app);
    // Not in the api's users table under this address, but known to Firebase:
    await t.app.db
      .update(users)
      .set({ email: uniqueEmail('moved') })
      .where(eq(users.id, taken.uid));
    const res = await invite(a, { name: 'Dup', email: taken.email });
    expect(res.statusCode).toBe(409);
    expect(await subUserCount(a.uid)).toBe(0);
  });
});

describe('invitation mail', () => {
  it('is plain text with the checked name only in the greeting; an unsafe stored name is left out', () => {
    const ok = subUserInvitation('en', { name: 'Max Lager', parentEmail: 'p@shop.example', link: 'https://x/reset' });
    expect(ok.text.startsWith('Hello Max Lager,\n')).toBe(true);
    expect(ok.subject).toBe('Your access to the customer portal');
    const bad = subUserInvitation('de', {
      name: 'Max,\n\nIMPORTANT: your account is locked. Re-enter your password at http://evil.example/login',
      parentEmail: 'p@shop.example',
      link: 'https://x/reset',
    });
    expect(bad.text.startsWith('Hallo,\n')).toBe(true);
    expect(bad.text).not.toContain('evil.example');
  });

  it('the injection name of the probe is refused by the api and no mail is sent', async () => {
    const a = await seller(3);
    const email = uniqueEmail('victim');
    const res = await invite(a, {
      name: 'Max,\n\nIMPORTANT: your account is locked. Re-enter your password at http://evil.example/login',
      email,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'name_invalid' });
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('takes one plain address only: a list, a display name or a blank inside is refused and nothing is sent', async () => {
    const a = await seller(3);
    const victim = uniqueEmail('victim');
    // A mailer reads ',' and ';' as list separators and '<…>' as the address: each would count as a new address
    // for the daily quota but be delivered to the victim.
    for (const email of [
      `a;${victim}`,
      `a,${victim}`,
      `${victim};a@b.de`,
      `Max <${victim}>`,
      `<${victim}>`,
      `a b@test.portal`,
      `a\u200b${victim}`,
      `a@b@test.portal`,
    ]) {
      const res = await invite(a, { name: 'Max', email });
      expect([email, res.statusCode, res.json().slug, res.json().fields]).toEqual([
        email,
        400,
        'validation-error',
        { email: 'validation_email_single' },
      ]);
      expect(res.json().message).toMatch(/^Email must be one address/);
    }
    expect(mailsTo(victim)).toHaveLength(0);
    expect(await subUserCount(a.uid)).toBe(0);
  });

  it('stores the address as the identity provider keeps it: surrounding blanks are not part of it', async () => {
    const a = await seller(3);
    const email = uniqueEmail('blanks');
    const res = await invite(a, { name: 'Max', email: `\t ${email}\u00a0` });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe(email);
    expect((await t.app.firebaseAuth.getUser(res.json().id)).email).toBe(email);
  });

  it('create/delete loops stop at the per-address quota (429 with Retry-After), and at the per-account quota', async () => {
    const a = await seller(1);
    const target = uniqueEmail('target');
    const codes: number[] = [];
    let last = null as null | Awaited<ReturnType<typeof t.app.inject>>;
    for (let i = 0; i < 3; i++) {
      last = await invite(a, { name: 'Loop', email: target });
      codes.push(last.statusCode);
      if (last.statusCode === 201) {
        const del = await t.app.inject({ method: 'DELETE', url: `${url}?id=${last.json().id}`, headers: a.headers });
        expect(del.statusCode).toBe(204);
      }
    }
    expect(codes).toEqual([201, 201, 429]);
    expect(last!.json()).toEqual({ slug: 'too-many-requests', message: expect.stringMatching(/^Too many requests/) });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(3600);
    expect(mailsTo(target)).toHaveLength(2);

    // Per account: 5 attempts a day in this app (the refused third counts); two more pass, the next is refused.
    for (const expected of [201, 201, 429]) {
      const res = await invite(a, { name: 'Loop', email: uniqueEmail('other') });
      expect(res.statusCode).toBe(expected);
      if (res.statusCode === 201)
        await t.app.inject({ method: 'DELETE', url: `${url}?id=${res.json().id}`, headers: a.headers });
    }
  });
});
