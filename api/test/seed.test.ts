import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { avvAcceptances, profiles, users } from '../src/db/schema';
import { DEMO_SELLER, DEMO_STAFF, ensureFirebaseAccount, untilAuthEmulatorAnswers } from '../src/seed/demo';
import { seedDemo } from '../src/seed';
import { createTestApp, freePort, signIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('creates signable demo accounts with a complete profile and accepted AVV, idempotently', async () => {
    await seedDemo(t.app);
    await seedDemo(t.app);

    const token = await signIn(DEMO_SELLER.email, DEMO_SELLER.password);
    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ url: '/api/user', headers });
    expect(me.statusCode).toBe(200);
    const sellerId = me.json().id;
    const contact = await t.app.inject({ url: '/api/user/profile/contact', headers });
    expect(contact.json()).toMatchObject({
      companyName: 'Schneider Haushaltswaren GmbH',
      city: 'Köln',
      postalCode: '50672',
    });
    const avv = await t.app.inject({ url: '/api/user/profile/avv-accepted-date', headers });
    expect(avv.json().avvAcceptedDate).not.toBeNull();
    expect(await t.app.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, sellerId))).toHaveLength(1);
    expect(await t.app.db.select().from(profiles).where(eq(profiles.userId, sellerId))).toHaveLength(1);

    const tokenInfo = await t.app.inject({ url: '/api/user/token', headers });
    expect(tokenInfo.json().emailVerified).toBe(true);

    const staffToken = await signIn(DEMO_STAFF.email, DEMO_STAFF.password);
    const registry = await t.app.inject({
      url: '/api/portal/registry',
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(registry.json().entries.map((e: { id: string }) => e.id)).toContain('gpsr');
    expect(await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF.email))).toHaveLength(1);
    const staffHeaders = { authorization: `Bearer ${staffToken}` };
    const staffContact = await t.app.inject({ url: '/api/user/profile/contact', headers: staffHeaders });
    expect(staffContact.json()).toMatchObject({ firstName: 'Jonas', city: 'Berlin', postalCode: '10115' });
    const staffAvv = await t.app.inject({ url: '/api/user/profile/avv-accepted-date', headers: staffHeaders });
    expect(staffAvv.json().avvAcceptedDate).not.toBeNull();
  });
});

describe('the demo accounts and an Auth emulator that is still starting', () => {
  it('waits until the emulator answers', async () => {
    const port = await freePort();
    const server = http.createServer((_req, res) => res.end('ok'));
    const late = setTimeout(() => server.listen(port, '127.0.0.1'), 700);
    try {
      const started = Date.now();
      await untilAuthEmulatorAnswers(`127.0.0.1:${port}`, 10_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      expect(server.listening).toBe(true);
    } finally {
      clearTimeout(late);
      // fetch keeps its connection open: without closing it the server (and the jest worker) stays up for 5 s.
      server.closeAllConnections();
      server.close();
    }
  });

  it('gives up with a readable error when nothing answers, and does not wait without an emulator', async () => {
    const port = await freePort();
    await expect(untilAuthEmulatorAnswers(`127.0.0.1:${port}`, 600)).rejects.toThrow(
      `the Auth emulator at 127.0.0.1:${port} did not answer in 0.6 s`,
    );
    await expect(untilAuthEmulatorAnswers(null)).resolves.toBeUndefined();
  });

  it('takes the account that the emulator imported while the seed was creating it', async () => {
    const authError = (code: string) => Object.assign(new Error(code), { code });
    let lookups = 0;
    const firebaseAuth = {
      // Not there at the first look; imported from the last run by the second.
      getUserByEmail: async () => {
        lookups += 1;
        if (lookups === 1) throw authError('auth/user-not-found');
        return { uid: DEMO_SELLER.uid };
      },
      createUser: async () => {
        throw authError('auth/uid-already-exists');
      },
    };
    const app = { firebaseAuth } as unknown as FastifyInstance;
    await expect(ensureFirebaseAccount(app, DEMO_SELLER)).resolves.toBe(DEMO_SELLER.uid);

    firebaseAuth.createUser = async () => {
      throw authError('auth/internal-error');
    };
    lookups = 0;
    await expect(ensureFirebaseAccount(app, DEMO_SELLER)).rejects.toThrow('auth/internal-error');
  });
});
