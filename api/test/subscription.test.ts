import { eq } from 'drizzle-orm';
import type { License } from '@portal/shared/domain';
import { subscriptions } from '../src/db/schema';
import { issueLicense } from '../src/modules/license/activation';
import { findProduct } from '../src/modules/license/product/repository';
import { createSubUser, createTestApp, registerUser, type TestApp, type TestIdentity } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

async function subscribed(seller: TestIdentity) {
  const product = await findProduct(t.app.db, 'fresh_desk-basic-monthly');
  const license = await issueLicense(t.app.db, { userId: seller.uid, email: seller.email }, product!);
  const [sub] = await t.app.db
    .insert(subscriptions)
    .values({
      userId: seller.uid,
      licenseId: license.id,
      status: 'Active',
      periodUnit: 'month',
      currentPeriodEnd: new Date(license.licenseExpired!),
    })
    .returning();
  return { license, sub };
}

const cancel = (who: TestIdentity | null, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/subscription/${id}/cancel`, headers: who?.headers });
const licenses = async (who: TestIdentity) =>
  (await t.app.inject({ url: '/api/license/all', headers: who.headers })).json().items as License[];

describe('POST /api/subscription/{id}/cancel', () => {
  it('cancels at the end of the period: still active and usable until then, shown on the license', async () => {
    const seller = await registerUser(t.app);
    const { license, sub } = await subscribed(seller);
    expect((await licenses(seller))[0].subscription).toEqual({
      id: sub.id,
      status: 'Active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: license.licenseExpired,
      renewalInvoice: null,
      scheduledChange: null,
      providerApprovalUrl: null,
    });
    const res = await cancel(seller, sub.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: sub.id,
      status: 'Active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: license.licenseExpired,
    });
    expect((await cancel(seller, sub.id)).statusCode).toBe(200);
    const [shown] = await licenses(seller);
    expect(shown).toMatchObject({ status: 'active', subscription: { cancelAtPeriodEnd: true } });
  });

  it('shows free and permanent licenses without a subscription', async () => {
    const seller = await registerUser(t.app);
    const product = await findProduct(t.app.db, 'mobile_default-free');
    await issueLicense(t.app.db, { userId: seller.uid, email: seller.email }, product!);
    expect((await licenses(seller))[0].subscription).toBeNull();
  });

  it("refuses another seller's subscription, sub-users, anonymous calls, bad ids and ended subscriptions", async () => {
    const seller = await registerUser(t.app);
    const { sub } = await subscribed(seller);
    const other = await registerUser(t.app);
    expect((await cancel(other, sub.id)).statusCode).toBe(404);
    const child = await createSubUser(t.app, seller);
    expect((await cancel(child, sub.id)).statusCode).toBe(403);
    expect((await cancel(null, sub.id)).statusCode).toBe(401);
    expect((await cancel(seller, 'nope')).statusCode).toBe(400);
    await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(eq(subscriptions.id, sub.id));
    const ended = await cancel(seller, sub.id);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ slug: 'subscription-not-active' });
    const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row.cancelAtPeriodEnd).toBe(false);
  });
});
