// Plan changes of a PayPal subscription through the project's PayPal simulator over real HTTP. PayPal bills a revised
// plan only once the buyer confirmed it on PayPal's page: an upgrade's payment window offers that step instead of
// closing, and /licenses offers it for any change until PayPal reports the approval. Confirmed, the next cycle is
// charged at the new plan's price and settles its renewal invoice; a downgrade not confirmed yet renews the old plan,
// which is what PayPal charges.
import { eq } from 'drizzle-orm';
import { estimateExpiry, type License, type PlanChangeScheduled, type PurchaseResponse } from '@portal/shared/domain';
import { invoices, licenses, subscriptions } from '../src/db/schema';
import { paypalSubscriber, usePayPalShop } from './payment/paypal-shop';

const shop = usePayPalShop();

/** The seller's one license as /licenses shows it. */
async function licenseOf(headers: Record<string, string>): Promise<License> {
  const page = await shop.app.inject({ url: '/api/license/all?page=1&pageSize=10', headers });
  expect(page.statusCode).toBe(200);
  const items = page.json().items as License[];
  expect(items).toHaveLength(1);
  return items[0];
}

/** POST /api/invoice of another plan of the subscribed plugin (a plan change). */
const changePlan = (headers: Record<string, string>, productId: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers,
    payload: { product_id: productId, auto_upgrade_consent: true },
  });

/** A seller with a PayPal subscription of `productId`, its first cycle paid: the seller and PayPal's subscription id. */
const subscribed = (productId: string) => paypalSubscriber(shop, { product_id: productId, auto_upgrade_consent: true });

/** Charges PayPal's next cycle and waits until the api booked it; the sale PayPal made. */
async function chargeCycle(subscriptionId: string) {
  const { sim } = shop;
  const before = (await sim.events({ event_type: 'PAYMENT.SALE.COMPLETED', resource_id: subscriptionId })).length;
  const next = await sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, { outcome: 'success' });
  expect(next.status).toBe(200);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const sent = await sim.events({ event_type: 'PAYMENT.SALE.COMPLETED', resource_id: subscriptionId });
    if (sent.length > before && sent[0].delivery_status === 'SUCCESS') break;
    if (Date.now() > deadline) throw new Error('the cycle was not delivered');
    await new Promise((r) => setTimeout(r, 100));
  }
  return next.body.sale as { amount: { total: string } };
}

/** The renewal invoices of the seller's subscription, oldest first. */
async function renewalsOf(userId: string) {
  const { app } = shop;
  const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const rows = await app.db.select().from(invoices).where(eq(invoices.userId, userId));
  return rows
    .filter((i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id === sub.id)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

it('an upgrade paid by a PayPal order asks the seller to confirm the new price at PayPal; the next cycle bills it', async () => {
  const { app, sim } = shop;
  const { seller, subscriptionId } = await subscribed('fresh_desk-basic-monthly');
  const [license] = await app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));

  const change = await changePlan(seller.headers, 'fresh_desk-optimal-monthly');
  expect(change.statusCode).toBe(201);
  const body = change.json() as PurchaseResponse;
  expect(body.quote.plan_change).toMatchObject({ timing: 'now' });

  // The seller pays the change on PayPal's page; the return page captures it and shows the one step left.
  const paidBack = new URL(await sim.decide(body.payment_url, 'approve'));
  const page = await app.inject({ url: `${paidBack.pathname}${paidBack.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('data-status="Paid"');
  expect(page.body).toContain('Neuen Preis bei PayPal bestätigen');
  expect(page.body).not.toContain('close-window.js');
  const approve = /<a class="button primary" href="([^"]+)">/.exec(page.body)![1].replaceAll('&amp;', '&');
  expect(approve).toMatch(new RegExp(`^${sim.url}/webapps/billing/subscriptions\\?ba_token=`));
  const [changed] = await app.db.select().from(licenses).where(eq(licenses.id, license.id));
  expect(changed.productId).toBe('fresh_desk-optimal-monthly');

  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBe(approve);

  // Confirmed on PayPal's page: the next cycle is charged at the new price and renews the license by one period.
  const confirmed = new URL(await sim.decide(approve, 'approve'));
  expect(confirmed.searchParams.get('subscription_id')).toBe(subscriptionId);
  await sim.delivered('BILLING.SUBSCRIPTION.UPDATED', subscriptionId);
  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBeNull();
  const next = await sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, { outcome: 'success' });
  expect(next.status).toBe(200);
  await sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
  const renewals = await app.db.select().from(invoices).where(eq(invoices.userId, seller.uid));
  const renewal = renewals.find(
    (i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id === sub.id,
  )!;
  expect(renewal).toMatchObject({ status: 'Paid' });
  expect(next.body.sale.amount.total).toBe((renewal.amount / 100).toFixed(2));
  const [renewed] = await app.db.select().from(licenses).where(eq(licenses.id, license.id));
  expect(renewed.expiresAt).toEqual(estimateExpiry({ unit: 'month', duration: 1 }, license.expiresAt!));
});

it('a downgrade waits for the seller to confirm the lower price at PayPal; until then the old plan renews, as PayPal bills it', async () => {
  const { app, sim } = shop;
  const { seller, subscriptionId } = await subscribed('fresh_desk-optimal-monthly');

  const change = await changePlan({ ...seller.headers, 'accept-language': 'en' }, 'fresh_desk-basic-monthly');
  expect(change.statusCode).toBe(202);
  const scheduled = change.json() as PlanChangeScheduled;
  expect(scheduled.scheduled.product_id).toBe('fresh_desk-basic-monthly');
  const approve = scheduled.approval_url!;
  expect(approve).toMatch(new RegExp(`^${sim.url}/webapps/billing/subscriptions\\?ba_token=`));
  const shown = (await licenseOf(seller.headers)).subscription!;
  expect(shown.scheduledChange?.productId).toBe('fresh_desk-basic-monthly');
  expect(shown.providerApprovalUrl).toBe(approve);

  // Not confirmed: PayPal charges the old price, and the portal renews the old plan for it (the change waits).
  const unconfirmed = await chargeCycle(subscriptionId);
  const [first] = await renewalsOf(seller.uid);
  expect(first).toMatchObject({ status: 'Paid' });
  expect(unconfirmed.amount.total).toBe((first.amount / 100).toFixed(2));
  let license = await licenseOf(seller.headers);
  expect(license.productId).toBe('fresh_desk-optimal-monthly');
  expect(license.subscription?.scheduledChange?.productId).toBe('fresh_desk-basic-monthly');

  // Declining on PayPal's page leaves it waiting; the page says so in the seller's language.
  const declined = new URL(await sim.decide(approve, 'cancel'));
  const declinedPage = await app.inject({ url: `${declined.pathname}${declined.search}` });
  expect(declinedPage.statusCode).toBe(200);
  expect(declinedPage.body).toContain('Der neue Preis wurde bei PayPal nicht bestätigt');
  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBe(approve);

  // A second offer of the link (from /licenses) is confirmed: PayPal reports the new plan, the link is gone.
  const again = await changePlan(seller.headers, 'fresh_desk-basic-monthly');
  const link = (again.json() as PlanChangeScheduled).approval_url!;
  const confirmed = new URL(await sim.decide(link, 'approve'));
  expect(confirmed.pathname).toBe('/api/payment/paypal/revision-return');
  const page = await app.inject({ url: `${confirmed.pathname}${confirmed.search}` });
  expect((await app.inject({ url: `${confirmed.pathname}?subscription_id=I-UNKNOWN00000` })).statusCode).toBe(404);
  expect(page.body).toContain('PayPal hat den neuen Preis Ihres Abonnements bestätigt');
  await sim.delivered('BILLING.SUBSCRIPTION.UPDATED', subscriptionId);
  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBeNull();

  // The next cycle bills the lower price, and the license becomes the new plan with it.
  const lower = await chargeCycle(subscriptionId);
  const [, second] = await renewalsOf(seller.uid);
  expect(second).toMatchObject({ status: 'Paid' });
  expect(lower.amount.total).toBe((second.amount / 100).toFixed(2));
  expect(second.amount).toBeLessThan(first.amount);
  license = await licenseOf(seller.headers);
  expect(license.productId).toBe('fresh_desk-basic-monthly');
  expect(license.subscription?.scheduledChange).toBeNull();
});

it('an upgrade never confirmed at PayPal: the next cycle charges the previous price, and the renewal grants that plan again', async () => {
  const { app, sim } = shop;
  const { seller, subscriptionId } = await subscribed('fresh_desk-basic-monthly');
  const [license] = await app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
  const change = await changePlan(seller.headers, 'fresh_desk-optimal-monthly');
  const paidBack = new URL(await sim.decide((change.json() as PurchaseResponse).payment_url, 'approve'));
  expect((await app.inject({ url: `${paidBack.pathname}${paidBack.search}` })).statusCode).toBe(200);
  expect((await licenseOf(seller.headers)).productId).toBe('fresh_desk-optimal-monthly');
  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBeTruthy();

  // The seller never confirms: PayPal bills the basic plan, which the renewal invoices and grants for the new period.
  const sale = await chargeCycle(subscriptionId);
  const [renewal] = await renewalsOf(seller.uid);
  expect(renewal).toMatchObject({ status: 'Paid' });
  expect(sale.amount.total).toBe((renewal.amount / 100).toFixed(2));
  expect(renewal.products).toEqual([{ info: 'Fresh Desk Basic', productId: 'fresh_desk-basic-monthly' }]);
  const shown = await licenseOf(seller.headers);
  expect(shown.productId).toBe('fresh_desk-basic-monthly');
  expect(shown.subscription?.providerApprovalUrl).toBeNull();
  const [renewed] = await app.db.select().from(licenses).where(eq(licenses.id, license.id));
  expect(renewed.expiresAt).toEqual(estimateExpiry({ unit: 'month', duration: 1 }, license.expiresAt!));
});

it('keeping the current plan after PayPal approved a downgrade revises PayPal back, to be approved again', async () => {
  const { app, sim } = shop;
  const { seller, subscriptionId } = await subscribed('fresh_desk-optimal-monthly');
  const downgrade = async () => {
    const res = await changePlan(seller.headers, 'fresh_desk-basic-monthly');
    expect(res.statusCode).toBe(202);
    return (res.json() as PlanChangeScheduled).approval_url!;
  };
  const keep = async () => {
    const sub = (await licenseOf(seller.headers)).subscription!;
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/subscription/${sub.id}/scheduled-change`,
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { approval_url: string | null };
  };

  // Not approved at PayPal yet: taking it back leaves nothing to approve.
  await downgrade();
  expect(await keep()).toEqual({ approval_url: null });
  expect((await licenseOf(seller.headers)).subscription).toMatchObject({
    scheduledChange: null,
    providerApprovalUrl: null,
  });

  // Approved at PayPal: PayPal would bill Basic, so it is revised back to Optimal, which the seller approves again.
  const approved = await downgrade();
  const updates = async () =>
    (await sim.events({ event_type: 'BILLING.SUBSCRIPTION.UPDATED', resource_id: subscriptionId })).length;
  const before = await updates();
  await sim.decide(approved, 'approve');
  await waitFor(async () => (await updates()) > before);
  const { approval_url: back } = await keep();
  expect(back).toMatch(new RegExp(`^${sim.url}/webapps/billing/subscriptions\\?ba_token=`));
  expect((await licenseOf(seller.headers)).subscription?.providerApprovalUrl).toBe(back);
  const count = await updates();
  await sim.decide(back!, 'approve');
  await waitFor(async () => (await updates()) > count);
  await waitFor(async () => (await licenseOf(seller.headers)).subscription?.providerApprovalUrl === null);

  // The next cycle bills Optimal and renews it.
  const sale = await chargeCycle(subscriptionId);
  const [renewal] = await renewalsOf(seller.uid);
  expect(sale.amount.total).toBe((renewal.amount / 100).toFixed(2));
  expect(renewal.products).toEqual([{ info: 'Fresh Desk Optimal', productId: 'fresh_desk-optimal-monthly' }]);
  expect((await licenseOf(seller.headers)).productId).toBe('fresh_desk-optimal-monthly');
});

/** Polls `check` until it holds (webhooks arrive over HTTP a moment later). */
async function waitFor(check: () => Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
