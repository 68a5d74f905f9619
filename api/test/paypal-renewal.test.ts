// PAYMENT_PROVIDER=paypal against the project's PayPal simulator over real HTTP: a subscription bought on the
// simulator's approval page, its webhooks verified with the simulator's certificate, and each later cycle
// (PAYMENT.SALE.COMPLETED with the subscription as billing_agreement_id) settling exactly one renewal period:
// the renewals job's invoice or one made when the sale comes first; replays, two parallel deliveries and sales in
// the wrong order book nothing twice.
import { and, eq, sql } from 'drizzle-orm';
import { estimateExpiry } from '@portal/shared/domain';
import { billingEvents, invoices, licenses, payments, subscriptions } from '../src/db/schema';
import { runRenewals, RENEWAL_LEAD_DAYS } from '../src/jobs/renewals';
import { purchaseDeps } from '../src/modules/purchase';
import type { TestIdentity } from './helpers';
import { buy, buyer, FRESH_DESK_MONTHLY } from './payment/purchase-helpers';
import { usePayPalShop } from './payment/paypal-shop';

const shop = usePayPalShop();
afterEach(() => {
  shop.sim.target.hold = false;
});

const month = (d: Date, n = 1) => estimateExpiry({ unit: 'month', duration: n }, d)!;

/** A seller who subscribed on the simulator's page; returns the PayPal subscription id and the rows. */
async function subscribed() {
  const seller = await buyer(shop.app);
  const bought = await buy(shop.app, seller, FRESH_DESK_MONTHLY);
  expect(bought.payment_url).toMatch(new RegExp(`^${shop.sim.url}/webapps/billing/subscriptions\\?ba_token=BA-`));
  const back = new URL(await shop.sim.decide(bought.payment_url, 'approve'));
  expect(back.pathname).toBe('/api/payment/paypal/return');
  const subscriptionId = back.searchParams.get('subscription_id')!;
  await shop.sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  const page = await shop.app.inject({ url: `${back.pathname}${back.search}` });
  expect(page.statusCode).toBe(200);
  return { seller, subscriptionId, ...(await state(seller)) };
}

async function state(seller: TestIdentity) {
  const [license] = await shop.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
  const [sub] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
  const invoiceRows = await shop.app.db.select().from(invoices).where(eq(invoices.userId, seller.uid));
  const paymentRows = await shop.app.db
    .select({ id: payments.id, status: payments.status, invoiceId: payments.invoiceId, ref: payments.providerRef })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.userId, seller.uid));
  const renewals = invoiceRows.filter(
    (i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id,
  );
  return { license, sub, invoices: invoiceRows, renewals, payments: paymentRows };
}

const cycle = async (subscriptionId: string, outcome: 'success' | 'failure' = 'success') => {
  const res = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, { outcome });
  expect(res.status).toBe(200);
  return res.body as { sale?: { id: string }; events: { id: string; status: string }[] };
};

describe('PayPal subscriptions through the simulator', () => {
  it('buys on the approval page; the signed first sale issues license, paid invoice and subscription', async () => {
    const s = await subscribed();
    expect(s.sub).toMatchObject({ providerRef: s.subscriptionId, status: 'Active', periodUnit: 'month' });
    expect(s.license.expiresAt).toEqual(s.sub.currentPeriodEnd);
    expect(s.invoices).toHaveLength(1);
    expect(s.invoices[0]).toMatchObject({ status: 'Paid', amount: 3082 });
    const paid = await shop.sim.call('GET', `/v1/billing/subscriptions/${s.subscriptionId}`);
    expect(paid.status).toBe(401); // the REST API needs a token: only the api's SDK client gets one
  });

  it('a renewal sale pays one new renewal invoice and extends license and period by one month; a replay changes nothing', async () => {
    const s = await subscribed();
    const end = s.sub.currentPeriodEnd!;
    const renewed = await cycle(s.subscriptionId);
    expect(renewed.events[0].status).toBe('SUCCESS');
    const after = await state(s.seller);
    expect(after.renewals).toHaveLength(1);
    expect(after.renewals[0]).toMatchObject({ status: 'Paid', amount: 3082, licenseId: s.license.id });
    expect(after.renewals[0].invoiceNumber).toMatch(/^RE-/);
    expect(after.license.expiresAt).toEqual(month(end));
    expect(after.sub.currentPeriodEnd).toEqual(month(end));
    expect(after.payments.find((p) => p.ref === renewed.sale!.id)).toMatchObject({ status: 'Paid' });

    // The same event again, and twice at once: nothing more.
    const again = await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: renewed.events[0].id });
    expect(again.body.delivery.status).toBe(200);
    const [a, b] = await Promise.all([
      shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: renewed.events[0].id }),
      shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: renewed.events[0].id }),
    ]);
    expect([a.body.delivery.status, b.body.delivery.status]).toEqual([200, 200]);
    const replayed = await state(s.seller);
    expect(replayed.renewals).toHaveLength(1);
    expect(replayed.payments).toHaveLength(2);
    expect(replayed.license.expiresAt).toEqual(month(end));
    // The first sale redelivered is still the purchase's, not a renewal.
    const [first] = await shop.sim
      .events({ event_type: 'PAYMENT.SALE.COMPLETED', resource_id: s.subscriptionId })
      .then((e) => e.slice(-1));
    await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: first.id });
    expect((await state(s.seller)).renewals).toHaveLength(1);
  });

  it("settles the renewals job's own invoice of the period (no second invoice)", async () => {
    const s = await subscribed();
    const end = s.sub.currentPeriodEnd!;
    const run = await runRenewals(
      purchaseDeps(shop.app),
      new Date(end.getTime() - (RENEWAL_LEAD_DAYS - 1) * 86_400_000),
    );
    // (Subscriptions of the other tests are due too: PayPal bills them all itself.)
    expect(run).toMatchObject({ ran: true, summary: { renewed: 0, 'payment-failed': 0 } });
    const issued = (await state(s.seller)).renewals;
    expect(issued).toHaveLength(1);
    expect(issued[0].status).not.toBe('Paid');

    await cycle(s.subscriptionId);
    const after = await state(s.seller);
    expect(after.renewals.map((r) => [r.id, r.status])).toEqual([[issued[0].id, 'Paid']]);
    expect(after.license.expiresAt).toEqual(month(end));
    const [event] = await shop.app.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.subscriptionId, s.sub.id), eq(billingEvents.kind, 'renewal')));
    expect(event).toMatchObject({ status: 'done', invoiceId: issued[0].id });
  });

  it('two sales held back and delivered in the wrong order, one of them twice at once: two periods, two invoices', async () => {
    const s = await subscribed();
    const end = s.sub.currentPeriodEnd!;
    shop.sim.target.hold = true;
    const first = await cycle(s.subscriptionId);
    const second = await cycle(s.subscriptionId);
    expect([first.events[0].status, second.events[0].status]).toEqual(['PENDING', 'PENDING']);
    shop.sim.target.hold = false;
    const redeliver = (id: string) => shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: id });
    await Promise.all([redeliver(second.events[0].id), redeliver(second.events[0].id)]);
    await redeliver(first.events[0].id);
    const after = await state(s.seller);
    expect(after.renewals.map((r) => r.status)).toEqual(['Paid', 'Paid']);
    expect(new Set(after.renewals.map((r) => r.invoiceNumber)).size).toBe(2);
    expect(after.license.expiresAt).toEqual(month(end, 2));
    expect(after.sub.currentPeriodEnd).toEqual(month(end, 2));
    expect(after.payments.filter((p) => p.status === 'Paid')).toHaveLength(3);
    const rows = await shop.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.userId, s.seller.uid));
    expect(rows[0].n).toBe(3);
  });

  describe('cancellation reaches PayPal', () => {
    const atPayPal = (id: string): Promise<{ status: string }> => shop.sim.subscription(id);
    const post = (seller: TestIdentity, path: string) =>
      shop.app.inject({ method: 'POST', url: `/api/subscription/${path}`, headers: seller.headers });
    const shown = async (seller: TestIdentity) =>
      (
        (await shop.app.inject({ url: '/api/license/all', headers: seller.headers })).json().items as {
          subscription?: { cancelAtPeriodEnd: boolean };
        }[]
      )[0];

    it('cancel at period end suspends it at PayPal (no later charge); undo activates it again and it renews', async () => {
      const s = await subscribed();
      const cancelled = await post(s.seller, `${s.sub.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true });
      expect((await atPayPal(s.subscriptionId)).status).toBe('SUSPENDED');
      const refused = await shop.sim.call('POST', `/v1/simulator/subscriptions/${s.subscriptionId}/cycle`, {
        outcome: 'success',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.details[0].issue).toBe('SUBSCRIPTION_STATUS_INVALID');
      expect((await post(s.seller, `${s.sub.id}/cancel`)).statusCode).toBe(200); // twice = once

      const resumed = await post(s.seller, `${s.sub.id}/resume`);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, status: 'Active' });
      expect((await atPayPal(s.subscriptionId)).status).toBe('ACTIVE');
      expect((await post(s.seller, `${s.sub.id}/resume`)).statusCode).toBe(200);
      await cycle(s.subscriptionId);
      expect((await state(s.seller)).license.expiresAt).toEqual(month(s.sub.currentPeriodEnd!));
    });

    it('resume: 404 for a foreign subscription, 400 for a bad id, 409 once the period is over', async () => {
      const s = await subscribed();
      const other = await buyer(shop.app);
      expect((await post(other, `${s.sub.id}/resume`)).statusCode).toBe(404);
      expect((await post(s.seller, 'not-a-uuid/resume')).statusCode).toBe(400);
      await post(s.seller, `${s.sub.id}/cancel`);
      await shop.app.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.id, s.sub.id));
      expect((await post(s.seller, `${s.sub.id}/resume`)).statusCode).toBe(409);
    });

    it('at the period end the renewals job cancels the suspended PayPal subscription for good', async () => {
      const s = await subscribed();
      await post(s.seller, `${s.sub.id}/cancel`);
      const run = await runRenewals(purchaseDeps(shop.app), new Date(s.sub.currentPeriodEnd!.getTime() + 86_400_000));
      expect(run).toMatchObject({ ran: true });
      expect((await state(s.seller)).sub.status).toBe('Cancelled');
      expect((await atPayPal(s.subscriptionId)).status).toBe('CANCELLED');
    });

    it('a cancellation made at PayPal (BILLING.SUBSCRIPTION.CANCELLED) shows on /licenses and cannot be undone', async () => {
      const s = await subscribed();
      expect((await shown(s.seller)).subscription).toMatchObject({ cancelAtPeriodEnd: false });
      const res = await fetch(`${shop.sim.url}/v1/billing/subscriptions/${s.subscriptionId}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await shop.sim.merchantToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Cancelled in the PayPal account' }),
      });
      expect(res.status).toBe(204);
      await shop.sim.delivered('BILLING.SUBSCRIPTION.CANCELLED', s.subscriptionId);
      expect((await shown(s.seller)).subscription).toMatchObject({ cancelAtPeriodEnd: true });
      const undo = await post(s.seller, `${s.sub.id}/resume`);
      expect(undo.statusCode).toBe(409);
    });

    it('deleting the account cancels the PayPal subscription first', async () => {
      const s = await subscribed();
      const res = await shop.app.inject({ method: 'DELETE', url: '/api/user', headers: s.seller.headers });
      expect(res.statusCode).toBe(204);
      expect((await atPayPal(s.subscriptionId)).status).toBe('CANCELLED');
    });
  });
});
