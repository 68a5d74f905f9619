// A failed PayPal cycle through the project's PayPal simulator over real HTTP: the simulator fails the next cycle
// and sends BILLING.SUBSCRIPTION.PAYMENT.FAILED, signed with its certificate; the api leaves the period's renewal
// invoice unpaid with a one-off order for "Pay now", mails the seller (German), and keeps the license working for the
// payment grace. The seller approves that order on the simulator's page: the renewal is paid, the license extended by
// one period and the grace cleared at once.
import { eq } from 'drizzle-orm';
import { estimateExpiry, formatDateUtc } from '@portal/shared/domain';
import { invoices, licenses, subscriptions } from '../src/db/schema';
import { checkLicense } from '../src/modules/license/check/service';
import { outboxTo } from './payment/purchase-helpers';
import { paypalSubscriber, usePayPalShop } from './payment/paypal-shop';

const shop = usePayPalShop();

const DAY = 86_400_000;

/** The mails (outbox files) to `to`, decoded. */
const outbox = (to: string) => outboxTo(shop.t, to);

it('a failed cycle → unpaid renewal invoice, mail and grace; Pay now through a PayPal order restores the license', async () => {
  const { seller, subscriptionId } = await paypalSubscriber(shop, {
    product_id: 'fresh_desk-basic-monthly',
    auto_upgrade_consent: true,
  });
  const [license] = await shop.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
  const periodEnd = license.expiresAt!;

  const failed = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
    outcome: 'failure',
  });
  expect(failed.status).toBe(200);
  const failure = await shop.sim.delivered('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscriptionId);

  const rows = await shop.app.db.select().from(invoices).where(eq(invoices.userId, seller.uid));
  const renewal = rows.find((i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id)!;
  expect(renewal).toMatchObject({ status: 'Failed', invoiceNumber: null, amount: 2368 });
  expect(renewal.paymentUrl).toMatch(new RegExp(`^${shop.sim.url}/checkoutnow\\?token=`));
  const [sub] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
  expect(sub.status).toBe('Inactive');
  const graceUntil = new Date(periodEnd.getTime() + 14 * DAY);
  const [inGrace] = await shop.app.db.select().from(licenses).where(eq(licenses.id, license.id));
  expect(inGrace.paymentGraceUntil).toEqual(graceUntil);
  const mails = outbox(seller.email).filter((m) => m.includes('Verlängerung nicht bezahlt'));
  expect(mails).toHaveLength(1);
  expect(mails[0]).toContain(`Die Lizenz funktioniert noch bis ${formatDateUtc(graceUntil)}`);
  const identifier = { type: 'email' as const, value: seller.email };
  const query = { key: license.key, plugin: 'fresh_desk' as const, identifier };
  expect(await checkLicense(shop.app.db, query, new Date(periodEnd.getTime() + DAY))).toMatchObject({ code: 'VALID' });
  expect(await checkLicense(shop.app.db, query, new Date(graceUntil.getTime() + DAY))).toMatchObject({
    valid: false,
    code: 'PAYMENT_OVERDUE',
  });

  // Pay now: the seller approves the order on PayPal's page; the return page captures it.
  const paidBack = new URL(await shop.sim.decide(renewal.paymentUrl!, 'approve'));
  expect((await shop.app.inject({ url: `${paidBack.pathname}${paidBack.search}` })).statusCode).toBe(200);
  const [paid] = await shop.app.db.select().from(invoices).where(eq(invoices.id, renewal.id));
  expect(paid.status).toBe('Paid');
  expect(paid.invoiceNumber).toMatch(/^RE-/);
  const nextEnd = estimateExpiry({ unit: 'month', duration: 1 }, periodEnd)!;
  const [restored] = await shop.app.db.select().from(licenses).where(eq(licenses.id, license.id));
  expect(restored).toMatchObject({ status: 'active', expiresAt: nextEnd, paymentGraceUntil: null });
  const [active] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  expect(active).toMatchObject({ status: 'Active', currentPeriodEnd: nextEnd });
  expect(await checkLicense(shop.app.db, query, new Date(graceUntil.getTime() + DAY))).toMatchObject({ code: 'VALID' });
  // PayPal bills again from the next cycle, at the plan's price only: the failed amount was paid by Pay now.
  expect((await shop.sim.subscription(subscriptionId)).status).toBe('ACTIVE');
  const next = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
    outcome: 'success',
  });
  expect(next.body.sale.amount.total).toBe('23.68');
  await shop.sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  const [renewedAgain] = await shop.app.db.select().from(licenses).where(eq(licenses.id, license.id));
  const thirdEnd = estimateExpiry({ unit: 'month', duration: 1 }, nextEnd)!;
  expect(renewedAgain.expiresAt).toEqual(thirdEnd);

  // PayPal delivers the failure again (a retry of a delivery it did not see answered): the period it failed is paid,
  // and the periods since have not failed, so nothing changes and no second mail goes out.
  const again = await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: failure.id });
  expect(again.body.delivery.status).toBe(200);
  const [still] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  expect(still).toMatchObject({ status: 'Active', currentPeriodEnd: thirdEnd });
  const after = await shop.app.db.select().from(invoices).where(eq(invoices.userId, seller.uid));
  expect(after.filter((i) => i.status !== 'Paid')).toEqual([]);
  expect(outbox(seller.email).filter((m) => m.includes('Verlängerung nicht bezahlt'))).toHaveLength(1);
});

it("an earlier cycle's sale delivered again after a later cycle failed leaves that failure open to Pay now", async () => {
  const { seller, subscriptionId } = await paypalSubscriber(shop, {
    product_id: 'fresh_desk-basic-monthly',
    auto_upgrade_consent: true,
  });
  const cycle = (outcome: 'success' | 'failure') =>
    shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, { outcome });
  const paidCycle = await cycle('success');
  expect(paidCycle.status).toBe(200);
  const [sale] = await shop.sim.events({ event_type: 'PAYMENT.SALE.COMPLETED', resource_id: subscriptionId });
  expect(sale.resource.id).toBe(paidCycle.body.sale.id);
  await shop.sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  expect((await cycle('failure')).status).toBe(200);
  await shop.sim.delivered('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscriptionId);

  const again = await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: sale.id });
  expect(again.body.delivery.status).toBe(200);
  expect(JSON.parse(again.body.delivery.response)).toMatchObject({ duplicate: true });

  const listed = await shop.app.inject({ url: '/api/license/all', headers: seller.headers });
  const [shown] = listed.json().items;
  expect(shown.subscription).toMatchObject({ status: 'Inactive' });
  expect(shown.subscription.renewalInvoice.paymentUrl).toMatch(new RegExp(`^${shop.sim.url}/checkoutnow\\?token=`));
});
