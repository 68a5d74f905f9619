import { eq } from 'drizzle-orm';
import { avvAcceptances, profiles, users } from '../src/db/schema';
import { DEMO_SELLER, DEMO_STAFF } from '../src/seed/demo';
import { seedDemo } from '../src/seed';
import { createTestApp, signIn, type TestApp } from './helpers';

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
