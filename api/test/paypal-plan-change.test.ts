// An upgrade of a PayPal subscription through the project's PayPal simulator over real HTTP: the seller pays the
// prorated change as a one-off order; PayPal bills the new price from the next cycle only once the buyer confirmed the
// revised subscription on PayPal's page, so the payment window offers that step instead of closing. Confirmed there,
// the next cycle is charged at the new plan's price and settles its renewal invoice.
import { eq } from 'drizzle-orm';
import { estimateExpiry, type PurchaseResponse } from '@portal/shared/domain';
import { invoices, licenses, subscriptions } from '../src/db/schema';
import { buy, buyer } from './payment/purchase-helpers';
import { usePayPalShop } from './payment/paypal-shop';

const shop = usePayPalShop();

it('an upgrade paid by a PayPal order asks the seller to confirm the new price at PayPal; the next cycle bills it', async () => {
  const { app, sim } = shop;
  const seller = await buyer(app);
  const bought = await buy(app, seller, { product_id: 'fresh_desk-basic-monthly', auto_upgrade_consent: true });
  const back = new URL(await sim.decide(bought.payment_url, 'approve'));
  const subscriptionId = back.searchParams.get('subscription_id')!;
  await sim.delivered('PAYMENT.SALE.COMPLETED', subscriptionId);
  const [license] = await app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));

  const change = await app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: seller.headers,
    payload: { product_id: 'fresh_desk-optimal-monthly', auto_upgrade_consent: true },
  });
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

  // Confirmed on PayPal's page: the next cycle is charged at the new price and renews the license by one period.
  const confirmed = new URL(await sim.decide(approve, 'approve'));
  expect(confirmed.searchParams.get('subscription_id')).toBe(subscriptionId);
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
