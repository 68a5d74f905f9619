import { isLicenseValid, licenseStatusView, type License } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { licenses } from '../src/db/schema';
import { seedDemo } from '../src/seed';
import { DEMO_SELLER } from '../src/seed/demo';
import { createTestApp, signIn, users, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

it("seeds the demo seller's licenses and data source idempotently: active, expiring soon, expired, free and a multi-user mobile plan", async () => {
  await seedDemo(t.app);
  await seedDemo(t.app);
  const [seller] = await t.app.db.select().from(users).where(eq(users.email, DEMO_SELLER.email));
  expect(await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.id))).toHaveLength(5);

  const headers = { authorization: `Bearer ${await signIn(DEMO_SELLER.email, DEMO_SELLER.password)}` };
  const page = (await t.app.inject({ url: '/api/license/all?page=1&pageSize=100', headers })).json();
  const items = page.items as License[];
  expect(page.total).toBe(5);
  const now = new Date();
  const paidFd = items.find((l) => l.pluginName === 'fresh_desk' && l.priceNetto.amount > 0)!;
  expect(isLicenseValid(paidFd, now)).toBe(true);
  expect(items.some((l) => isLicenseValid(l, now) && licenseStatusView(l, now).days <= 7)).toBe(true);
  expect(items.some((l) => licenseStatusView(l, now).kind === 'expired' && l.status === 'inactive')).toBe(true);
  expect(items.some((l) => l.licenseTypeDetails.type === 'free' && l.licenseExpired === null)).toBe(true);
  // Every subscription license shows its renewal (one subscription row each, also after a second seed).
  const subscribed = items.filter((l) => l.licenseTypeDetails.type === 'subscription');
  expect(subscribed.map((l) => l.subscription?.currentPeriodEnd)).toEqual(subscribed.map((l) => l.licenseExpired));
  expect(subscribed.map((l) => l.subscription?.status)).toEqual(['Active', 'Active', 'Active']);
  expect(subscribed.filter((l) => l.subscription?.cancelAtPeriodEnd).map((l) => l.key)).toEqual([
    'GPSR-DEMO-0002-SOON',
  ]);
  const mobile = items.find((l) => l.pluginName === 'mobile')!;
  expect(isLicenseValid(mobile, now)).toBe(true);
  expect(mobile.licenseTypeDetails.extraOptions?.max_users).toBeGreaterThanOrEqual(2);

  // The demo seller also has a (never tested) JTL-Wawi connection, so the cards are ready.
  const ds = await t.app.inject({ url: '/api/user/ds', headers });
  expect(ds.statusCode).toBe(200);
  expect(ds.json()).toMatchObject({ engine: 'mssql', database: 'eazybusiness', status: 'validate' });
  expect(ds.body).not.toContain('password');

  const max = await t.app.inject({ url: '/api/user/subusers/max-allowed', headers });
  expect(max.json().max_allowed).toBeGreaterThanOrEqual(2);
});
