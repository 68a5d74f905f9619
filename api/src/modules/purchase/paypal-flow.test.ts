// PAYMENT_PROVIDER=paypal against recorded PayPal responses: a local HTTP server answers the SDK's calls (the
// api reaches it through PAYPAL_API_BASE), and webhooks are signed with a test certificate made by openssl.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { formatDateUtc } from '@portal/shared/domain';
import { invoices, licenses, paymentEvents, subscriptions, users } from '../../db/schema';
import { recordOverage } from '../subscription';
import { createTestApp, offerEveryPlugin, type TestApp } from '../../../test/helpers';
import {
  makeTestCertificates,
  paypalHeaders,
  TEST_CERT_URL,
  type TestCertificates,
} from '../../../test/payment/paypal-test-cert';
import {
  activeSubscription,
  buy,
  buyer,
  countsFor,
  FRESH_DESK_YEARLY,
  outboxTo,
} from '../../../test/payment/purchase-helpers';
import type { PayPalProvider } from '../payment';

interface Recorded {
  method: string;
  path: string;
  requestId: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

const WEBHOOK_ID = 'WH-TEST-7';
let recorded: Recorded[] = [];
let orderSeq = 0;
const orderAmounts = new Map<string, { value: string; currency_code: string }>();

/** Answers like PayPal's REST API (responses shaped after PayPal's documented examples). */
function recorder(): http.Server {
  return http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : null;
      const path = req.url ?? '';
      recorded.push({
        method: req.method ?? '',
        path,
        requestId: req.headers['paypal-request-id'] as string | undefined,
        authorization: req.headers.authorization,
        body,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (path === '/v1/oauth2/token') {
        return send(200, {
          access_token: 'A21AA-test-token',
          token_type: 'Bearer',
          expires_in: 32400,
          app_id: 'APP-TEST',
        });
      }
      if (req.headers.authorization !== 'Bearer A21AA-test-token') return send(401, { name: 'AUTHENTICATION_FAILURE' });
      if (path === '/v2/checkout/orders') {
        const id = `5O190127TN3649${String(++orderSeq).padStart(3, '0')}`;
        orderAmounts.set(id, body.purchase_units[0].amount);
        return send(201, {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          payment_source: { paypal: {} },
          links: [
            { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          ],
        });
      }
      const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
      if (capture) {
        const amount = orderAmounts.get(capture[1])!;
        return send(201, {
          id: capture[1],
          status: 'COMPLETED',
          purchase_units: [
            {
              reference_id: 'default',
              payments: {
                captures: [
                  { id: `3C679366HH9085${capture[1].slice(-3)}`, status: 'COMPLETED', amount, final_capture: true },
                ],
              },
            },
          ],
          links: [],
        });
      }
      if (path === '/v1/billing/plans') {
        return send(201, {
          id: 'P-5ML4271244454362WXNWU5NQ',
          product_id: body.product_id,
          name: body.name,
          status: 'ACTIVE',
          links: [],
        });
      }
      if (path === '/v1/billing/subscriptions') {
        return send(201, {
          id: 'I-BW452GLLEP1G',
          status: 'APPROVAL_PENDING',
          plan_id: body.plan_id,
          links: [
            {
              href: 'https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-2M539689T3856352J',
              rel: 'approve',
              method: 'GET',
            },
            {
              href: 'https://api-m.sandbox.paypal.com/v1/billing/subscriptions/I-BW452GLLEP1G',
              rel: 'self',
              method: 'GET',
            },
          ],
        });
      }
      send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
}

let server: http.Server;
let t: TestApp;
let certs: TestCertificates;
beforeAll(async () => {
  certs = makeTestCertificates();
  server = recorder();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_RETURN_BASE_URL: 'https://portal.example',
    PAYPAL_PRODUCT_ID: 'PROD-PORTAL-TEST',
    PAYPAL_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  await offerEveryPlugin(t.app);
  // The certificate comes from the test CA instead of PayPal's host; the verification itself is the real one.
  (t.app.paymentProvider as PayPalProvider).certificates = {
    fetchCert: async (url) => {
      expect(url).toBe(TEST_CERT_URL);
      return certs.leafPem;
    },
    trustedRoots: [certs.caPem],
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  server?.close();
});
beforeEach(() => {
  recorded = [];
});

/** The mails (outbox files) to `to`, decoded. */
const outbox = (to: string) => outboxTo(t, to);

const webhook = (event: object, key = certs.leafKey) => {
  const raw = Buffer.from(JSON.stringify(event));
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paypal',
    headers: paypalHeaders(raw, { webhookId: WEBHOOK_ID, key }),
    payload: raw,
  });
};

describe('PayPal provider (recorded responses)', () => {
  it('creates an order with PayPal-Request-Id, captures it on CHECKOUT.ORDER.APPROVED, and settles once', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    expect(bought.payment_url).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=5O190127TN3649\d{3}$/);
    const orderId = bought.payment_url.split('token=')[1];
    const create = recorded.find((r) => r.path === '/v2/checkout/orders')!;
    expect(create.requestId).toBe(`order-${bought.invoice_id}`);
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: bought.invoice_id, amount: { currency_code: 'EUR', value: '355.81' } }],
      payment_source: {
        paypal: { experience_context: { return_url: 'https://portal.example/api/payment/paypal/return' } },
      },
    });
    expect(recorded[0].path).toBe('/v1/oauth2/token');
    expect(recorded[0].authorization).toBe(
      `Basic ${Buffer.from('test-client-id:test-client-secret').toString('base64')}`,
    );

    const approved = await webhook({
      id: 'WH-APPROVED-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: {
        id: orderId,
        status: 'APPROVED',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '355.81' } }],
      },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ duplicate: false, status: 'Paid' });
    const capture = recorded.find((r) => r.path.endsWith('/capture'))!;
    expect(capture).toMatchObject({
      path: `/v2/checkout/orders/${orderId}/capture`,
      requestId: `capture-${bought.invoice_id}`,
    });

    // PayPal's follow-up capture event and a redelivery change nothing.
    const completed = {
      id: 'WH-CAPTURE-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: '3C679366HH9085001',
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: '355.81' },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    };
    expect((await webhook(completed)).json()).toMatchObject({ duplicate: false, status: 'Paid' });
    expect((await webhook(completed)).json()).toMatchObject({ duplicate: true, status: 'Paid' });
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 1, paidInvoices: 1, mails: 1 });
  });

  it('refuses a webhook signed by another key or with a wrong amount', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const orderId = bought.payment_url.split('token=')[1];
    const event = {
      id: 'WH-CAPTURE-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        amount: { currency_code: 'EUR', value: '355.81' },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    };
    const forged = await webhook(event, certs.strangerKey);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().slug).toBe('webhook-signature-invalid');
    const cheap = await webhook({
      ...event,
      id: 'WH-CAPTURE-CHEAP',
      resource: { ...event.resource, amount: { currency_code: 'EUR', value: '1.00' } },
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().slug).toBe('payment-amount-mismatch');
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 0, paidInvoices: 0 });
  });

  it("ignores an event type that is a key every object inherits ('constructor', '__proto__', 'toString')", async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const orderId = bought.payment_url.split('token=')[1];
    for (const type of ['constructor', '__proto__', 'toString']) {
      const res = await webhook({
        id: `WH-INHERITED-${type}`,
        event_type: type,
        resource: { id: orderId, supplementary_data: { related_ids: { order_id: orderId } } },
      });
      expect([type, res.statusCode, res.json()]).toEqual([
        type,
        200,
        { received: true, duplicate: false, status: 'Created' },
      ]);
      const [stored] = await t.app.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `WH-INHERITED-${type}`));
      expect(stored).toMatchObject({ outcome: 'ignored' });
    }
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 0, paidInvoices: 0 });
  });

  it('sells a subscription through a billing plan, settles on PAYMENT.SALE.COMPLETED, and records a failed later cycle once', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    expect(bought.payment_url).toContain('/webapps/billing/subscriptions?ba_token=');
    const plan = recorded.find((r) => r.path === '/v1/billing/plans')!;
    expect(plan.requestId).toBe(`plan-${bought.invoice_id}`);
    expect(plan.body).toMatchObject({
      product_id: 'PROD-PORTAL-TEST',
      billing_cycles: [
        {
          frequency: { interval_unit: 'YEAR', interval_count: 1 },
          pricing_scheme: { fixed_price: { value: '322.49', currency_code: 'EUR' } },
        },
      ],
    });
    const sub = recorded.find((r) => r.path === '/v1/billing/subscriptions')!;
    expect(sub).toMatchObject({
      requestId: `subscription-${bought.invoice_id}`,
      body: { plan_id: 'P-5ML4271244454362WXNWU5NQ', custom_id: bought.invoice_id },
    });

    const sale = await webhook({
      id: 'WH-SALE-1',
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: {
        id: '80021663DE681814L',
        state: 'completed',
        amount: { total: '322.49', currency: 'EUR' },
        billing_agreement_id: 'I-BW452GLLEP1G',
      },
    });
    expect(sale.statusCode).toBe(200);
    const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
    expect(subscription).toMatchObject({ licenseId: license.id, providerRef: 'I-BW452GLLEP1G', periodUnit: 'year' });

    // A later cycle PayPal could not charge: the period's renewal invoice is issued and stays unpaid with a payment
    // of its own for "Pay now" (a one-off order), the seller is mailed in the account's language, the subscription
    // is Inactive and the license in its payment grace after the paid period.
    await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, seller.uid));
    const cycleFailed = {
      id: 'WH-CYCLE-FAILED-1',
      event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      resource: {
        id: 'I-BW452GLLEP1G',
        status: 'ACTIVE',
        billing_info: {
          failed_payments_count: 1,
          last_failed_payment: { amount: { value: '322.49', currency_code: 'EUR' }, time: new Date().toISOString() },
        },
      },
    };
    const failed = await webhook(cycleFailed);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ received: true, duplicate: false, status: 'Failed' });
    const renewals = async () =>
      (await t.app.db.select().from(invoices).where(eq(invoices.userId, seller.uid))).filter(
        (i) => (i.purchase as { renewal_of_subscription_id?: string }).renewal_of_subscription_id === subscription.id,
      );
    const [renewal] = await renewals();
    expect(renewal).toMatchObject({ status: 'Failed', invoiceNumber: null, language: 'en', amount: 32249 });
    expect(renewal.paymentUrl).toContain('checkoutnow?token=');
    expect(recorded.filter((r) => r.path === '/v2/checkout/orders')).toEqual([
      expect.objectContaining({ requestId: `order-${renewal.id}` }),
    ]);
    expect((await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0].status).toBe(
      'Inactive',
    );
    const graceUntil = new Date(license.expiresAt!.getTime() + 14 * 86_400_000);
    expect((await t.app.db.select().from(licenses).where(eq(licenses.id, license.id)))[0]).toMatchObject({
      status: 'active',
      paymentGraceUntil: graceUntil,
    });
    const mails = outbox(seller.email).filter((m) => m.includes('Renewal payment failed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Renewal payment failed – Fresh Desk');
    expect(mails[0]).toContain(`keeps working until ${formatDateUtc(graceUntil)}`);
    expect(mails[0]).toContain('"Pay now"');
    const shown = (await t.app.inject({ url: '/api/license/all', headers: seller.headers })).json().items[0];
    expect(shown.subscription.renewalInvoice).toEqual({ id: renewal.id, paymentUrl: renewal.paymentUrl });

    // The same event again, and PayPal's denied sale of the same cycle: nothing more (no second invoice, order or
    // mail). Another seller cannot be hit: an unknown subscription is refused.
    expect((await webhook(cycleFailed)).json()).toEqual({ received: true, duplicate: true, status: 'Failed' });
    const denied = await webhook({
      id: 'WH-SALE-DENIED-1',
      event_type: 'PAYMENT.SALE.DENIED',
      resource: {
        id: '4MW83575MK1178320',
        state: 'denied',
        amount: { total: '322.49', currency: 'EUR' },
        billing_agreement_id: 'I-BW452GLLEP1G',
      },
    });
    expect(denied.json()).toEqual({ received: true, duplicate: false, status: 'Failed' });
    expect(await renewals()).toHaveLength(1);
    expect(recorded.filter((r) => r.path === '/v2/checkout/orders')).toHaveLength(1);
    expect(outbox(seller.email).filter((m) => m.includes('Renewal payment failed'))).toHaveLength(1);
    const unknown = await webhook({ ...cycleFailed, id: 'WH-CYCLE-FAILED-X', resource: { id: 'I-UNKNOWN0000' } });
    expect(unknown.statusCode).toBe(404);
  });

  it("captures on PayPal's return page and shows the result", async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const orderId = bought.payment_url.split('token=')[1];
    const res = await t.app.inject({ url: `/api/payment/paypal/return?token=${orderId}&PayerID=TESTPAYER` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Zahlung erhalten');
    expect(recorded.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 1, paidInvoices: 1 });
    // The sandbox page does not exist under PayPal.
    expect((await t.app.inject({ url: `/api/payment/sandbox/${'A'.repeat(32)}` })).statusCode).toBe(404);
  });
  it('approves a pending overage with a PayPal order that returns to the portal; returning twice captures once', async () => {
    const seller = await buyer(t.app);
    const { sub } = await activeSubscription(t.app, seller, 'fresh_desk-economical-monthly', {
      auto_upgrade_consent: true,
    });
    await recordOverage(t.app.db, {
      subscriptionId: sub.id,
      period: '2026-10',
      amountCents: 1500,
      consent: true,
      detail: { used: 4500, included: 2000, blocks: 3, capped: false },
    });
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/api/subscription/${sub.id}/overage/approve`, headers: seller.headers });
    const res = await approve();
    expect(res.statusCode).toBe(200);
    const url = res.json().approval_url as string;
    expect(url).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=5O190127TN3649\d{3}$/);
    const orderId = url.split('token=')[1];
    const create = recorded.find((r) => r.path === '/v2/checkout/orders')!;
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'EUR', value: '17.85' } }],
      payment_source: {
        paypal: {
          experience_context: { return_url: 'https://portal.example/api/payment/paypal/overage-return' },
        },
      },
    });
    expect((await approve()).json()).toEqual({ approval_url: url });
    expect(recorded.filter((r) => r.path === '/v2/checkout/orders')).toHaveLength(1);

    for (let i = 0; i < 2; i += 1) {
      const back = await t.app.inject({
        url: `/api/payment/paypal/overage-return?token=${orderId}&PayerID=TESTPAYER`,
      });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/dashboard?overage_approval_result=true');
    }
    expect(recorded.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1);
    const paid = await t.app.db.select().from(invoices).where(eq(invoices.userId, seller.uid));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'Paid', amount: 1785 });
    const [after] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ overagePending: false, overageAmount: 0 });
    expect((await approve()).statusCode).toBe(409);

    // Cancelling on PayPal's page comes back with result=false.
    const cancelled = await t.app.inject({ url: '/api/payment/paypal/overage-return?token=UNKNOWN&cancelled=x' });
    expect(cancelled.headers.location).toBe('/dashboard?overage_approval_result=false');
  });
});
