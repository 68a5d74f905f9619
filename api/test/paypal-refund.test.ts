// Refunds of PayPal subscription sales through the project's PayPal simulator: the merchant refunds a sale
// (POST /v1/payments/sale/{id}/refund), the simulator sends PAYMENT.SALE.REFUNDED with sale_id and
// billing_agreement_id, signed as PayPal signs. Each refund of a renewal's sale issues a correction invoice of that
// renewal (the sale id finds the renewal's payment), once per refund.
import { eq } from 'drizzle-orm';
import { invoices, licenses, subscriptions } from '../src/db/schema';
import { FRESH_DESK_MONTHLY } from './payment/purchase-helpers';
import { paypalSubscriber, usePayPalShop } from './payment/paypal-shop';

const shop = usePayPalShop();

/** The merchant's REST call, with a token as the PayPal SDK gets one. */
async function merchant(path: string, body: unknown) {
  const res = await fetch(`${shop.sim.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await shop.sim.merchantToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
}

const subscribed = () => paypalSubscriber(shop, FRESH_DESK_MONTHLY);

async function state(uid: string) {
  const [license] = await shop.app.db.select().from(licenses).where(eq(licenses.userId, uid));
  const [sub] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.userId, uid));
  const rows = await shop.app.db.select().from(invoices).where(eq(invoices.userId, uid));
  return { license, sub, invoices: rows };
}

describe('PayPal sale refunds through the simulator', () => {
  it("a renewal's sale refunded in part, then the rest: a correction each, booked once each", async () => {
    const { seller, subscriptionId } = await subscribed();
    const cycled = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
      outcome: 'success',
    });
    expect(cycled.status).toBe(200);
    const saleId = cycled.body.sale.id as string;
    const renewal = (await state(seller.uid)).invoices.find(
      (i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id,
    )!;
    expect(renewal).toMatchObject({ status: 'Paid', amount: 3082 });

    const part = await merchant(`/v1/payments/sale/${saleId}/refund`, { amount: { total: '10.00', currency: 'EUR' } });
    expect(part.status).toBe(201);
    await shop.sim.delivered('PAYMENT.SALE.REFUNDED', part.body.id);
    let now = await state(seller.uid);
    const corrections = () => now.invoices.filter((i) => i.cancelsInvoiceId === renewal.id);
    expect(corrections()).toMatchObject([{ kind: 'correction', amount: -1000, status: 'Refunded' }]);
    expect(now.license.status).toBe('active');
    expect(now.sub.status).toBe('Active');

    // the refund event again: nothing more
    const [event] = await shop.sim.events({ event_type: 'PAYMENT.SALE.REFUNDED', resource_id: part.body.id });
    const again = await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', { event_id: event.id });
    expect(again.body.delivery.status).toBe(200);
    now = await state(seller.uid);
    expect(corrections()).toHaveLength(1);

    const rest = await merchant(`/v1/payments/sale/${saleId}/refund`, {});
    expect(rest.status).toBe(201);
    await shop.sim.delivered('PAYMENT.SALE.REFUNDED', rest.body.id);
    now = await state(seller.uid);
    expect(corrections().map((c) => c.amount)).toEqual(expect.arrayContaining([-1000, -2082]));
    // The purchase's period still runs (paid, not refunded): the license and subscription go on for now, and end where
    // the refunded period would have begun; PayPal charges no further cycle.
    expect(now.license.status).toBe('active');
    expect(now.sub).toMatchObject({ status: 'Active', cancelAtPeriodEnd: true });
    expect(now.license.expiresAt).toEqual(renewal.servicePeriodStart);
    expect(now.sub.currentPeriodEnd).toEqual(renewal.servicePeriodStart);
    expect((await shop.sim.subscription(subscriptionId)).status).toBe('CANCELLED');
    const next = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
      outcome: 'success',
    });
    expect(next.status).toBe(422);
  });

  it('the first sale refunded in full: cancellation invoice, the license ends and PayPal charges no more', async () => {
    const { seller, subscriptionId } = await subscribed();
    const [sale] = await shop.sim.events({ event_type: 'PAYMENT.SALE.COMPLETED', resource_id: subscriptionId });
    const refund = await merchant(`/v1/payments/sale/${sale.resource.id}/refund`, {});
    expect(refund.status).toBe(201);
    await shop.sim.delivered('PAYMENT.SALE.REFUNDED', refund.body.id);
    const now = await state(seller.uid);
    expect(now.invoices.map((i) => i.kind).sort()).toEqual(['cancellation', 'invoice']);
    expect(now.license.status).toBe('inactive');
    expect(now.sub.status).toBe('Cancelled');
    const next = await shop.sim.call('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
      outcome: 'success',
    });
    expect(next.status).toBe(422);
  });
});
