// The PayPal simulator over real HTTP: token, orders (approve on the page, capture), plans and subscriptions
// (approve, cycles, suspend/activate/cancel, revise), refunds, request-id idempotency, and webhooks signed as PayPal
// signs them (checked here the way a receiver checks them: CRC32, SHA256withRSA, the chain to the served root).
import assert from 'node:assert/strict';
import crypto, { X509Certificate } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { startPayPalSimulator } from './paypal-simulator/server.mjs';

const WEBHOOK_ID = 'WH-TEST-1';
let sim;
let receiver;
/** Webhooks received, with whether their signature verified. */
const received = [];
let receiverStatus = 200;

async function verify(headers, raw) {
  const pem = await (await fetch(headers['paypal-cert-url'])).text();
  const [leaf, ...rest] = pem
    .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)
    .map((p) => new X509Certificate(p));
  const root = new X509Certificate(await (await fetch(`${sim.url}/v1/simulator/certs/root.pem`)).text());
  assert.ok(leaf.checkIssued(root) && leaf.verify(root.publicKey), 'the leaf chains to the root');
  assert.ok(rest.some((c) => c.fingerprint256 === root.fingerprint256));
  const message = `${headers['paypal-transmission-id']}|${headers['paypal-transmission-time']}|${WEBHOOK_ID}|${zlib.crc32(raw) >>> 0}`;
  return crypto.verify(
    'sha256',
    Buffer.from(message),
    leaf.publicKey,
    Buffer.from(headers['paypal-transmission-sig'], 'base64'),
  );
}

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const verified = await verify(req.headers, raw).catch(() => false);
      received.push({ body: JSON.parse(raw.toString('utf8')), verified, algo: req.headers['paypal-auth-algo'] });
      res.writeHead(receiverStatus).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sim = await startPayPalSimulator({
    webhookUrl: `http://127.0.0.1:${receiver.address().port}/hook`,
    webhookId: WEBHOOK_ID,
    retryDelaysMs: [],
  });
});

after(async () => {
  await sim?.close();
  receiver?.close();
});

let token;
async function call(method, path, body, headers = {}) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    headers: res.headers,
  };
}

async function form(path, fields) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') };
}

const eventsOf = (type) => received.filter((r) => r.body.event_type === type);

/** The billing cycles of a yearly plan that renews without end at `value` EUR. */
const yearlyCycles = (value) => [
  {
    frequency: { interval_unit: 'YEAR', interval_count: 1 },
    tenure_type: 'REGULAR',
    sequence: 1,
    total_cycles: 0,
    pricing_scheme: { fixed_price: { currency_code: 'EUR', value } },
  },
];

describe('PayPal simulator', () => {
  test('OAuth: wrong credentials are refused, right ones get a bearer token', async () => {
    const basic = (id, secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const tokenCall = (auth) =>
      fetch(`${sim.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
    assert.equal((await tokenCall(basic('x', 'y'))).status, 401);
    const res = await tokenCall(basic(sim.clientId, sim.clientSecret));
    assert.equal(res.status, 200);
    const json = await res.json();
    assert.equal(json.token_type, 'Bearer');
    token = json.access_token;
    const unauth = await fetch(`${sim.url}/v2/checkout/orders/X`);
    assert.equal(unauth.status, 401);
    assert.equal((await unauth.json()).name, 'AUTHENTICATION_FAILURE');
  });

  test('order: created, approved on the page, captured once; the capture event names the order', async () => {
    const created = await call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          { invoice_id: 'inv-1', custom_id: 'inv-1', amount: { currency_code: 'EUR', value: '119.00' } },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: 'http://shop.test/return',
              cancel_url: 'http://shop.test/cancel?x=1',
              locale: 'de-DE',
              user_action: 'PAY_NOW',
            },
          },
        },
      },
      { 'paypal-request-id': 'order-inv-1' },
    );
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'PAYER_ACTION_REQUIRED');
    const approve = created.body.links.find((l) => l.rel === 'payer-action').href;
    // The same request id answers the first order again.
    const again = await call(
      'POST',
      '/v2/checkout/orders',
      { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '1.00' } }] },
      { 'paypal-request-id': 'order-inv-1' },
    );
    assert.equal(again.body.id, created.body.id);

    const early = await call('POST', `/v2/checkout/orders/${created.body.id}/capture`, {});
    assert.equal(early.status, 422);
    assert.equal(early.body.details[0].issue, 'ORDER_NOT_APPROVED');

    const pageHtml = await (await fetch(approve)).text();
    assert.match(pageHtml, /Jetzt zahlen/);
    assert.match(pageHtml, /119,00/);
    const decided = await form('/checkoutnow', { token: created.body.id, action: 'approve' });
    assert.equal(decided.status, 303);
    const back = new URL(decided.location);
    assert.equal(back.origin + back.pathname, 'http://shop.test/return');
    assert.equal(back.searchParams.get('token'), created.body.id);
    assert.ok(back.searchParams.get('PayerID'));

    const capture = await call(
      'POST',
      `/v2/checkout/orders/${created.body.id}/capture`,
      {},
      { 'paypal-request-id': 'capture-inv-1', prefer: 'return=representation' },
    );
    assert.equal(capture.status, 201);
    const captured = capture.body.purchase_units[0].payments.captures[0];
    assert.equal(captured.status, 'COMPLETED');
    assert.deepEqual(captured.amount, { currency_code: 'EUR', value: '119.00' });
    const replay = await call(
      'POST',
      `/v2/checkout/orders/${created.body.id}/capture`,
      {},
      { 'paypal-request-id': 'capture-inv-1' },
    );
    assert.equal(replay.status, 201);
    assert.equal(replay.body.purchase_units[0].payments.captures[0].id, captured.id);
    const second = await call('POST', `/v2/checkout/orders/${created.body.id}/capture`, {});
    assert.equal(second.body.details[0].issue, 'ORDER_ALREADY_CAPTURED');

    await sim.idle();
    const [approved] = eventsOf('CHECKOUT.ORDER.APPROVED');
    assert.equal(approved.body.resource.id, created.body.id);
    const completed = eventsOf('PAYMENT.CAPTURE.COMPLETED');
    assert.equal(completed.length, 1);
    assert.equal(completed[0].body.resource.supplementary_data.related_ids.order_id, created.body.id);
    assert.ok(
      received.every((r) => r.verified && r.algo === 'SHA256withRSA'),
      'every webhook verifies',
    );

    // Partial, then the rest; more is refused.
    const part = await call('POST', `/v2/payments/captures/${captured.id}/refund`, {
      amount: { currency_code: 'EUR', value: '19.00' },
    });
    assert.equal(part.status, 201);
    assert.equal((await call('GET', `/v2/payments/captures/${captured.id}`)).body.status, 'PARTIALLY_REFUNDED');
    const tooMuch = await call('POST', `/v2/payments/captures/${captured.id}/refund`, {
      amount: { currency_code: 'EUR', value: '100.01' },
    });
    assert.equal(tooMuch.body.details[0].issue, 'REFUND_AMOUNT_EXCEEDED');
    const rest = await call(
      'POST',
      `/v2/payments/captures/${captured.id}/refund`,
      {},
      { prefer: 'return=representation' },
    );
    assert.deepEqual(rest.body.amount, { currency_code: 'EUR', value: '100.00' });
    assert.equal((await call('GET', `/v2/payments/captures/${captured.id}`)).body.status, 'REFUNDED');
    await sim.idle();
    const refunds = eventsOf('PAYMENT.CAPTURE.REFUNDED');
    assert.deepEqual(
      refunds.map((r) => r.body.resource.amount.value),
      ['19.00', '100.00'],
    );
    assert.ok(
      refunds[0].body.resource.links.some((l) => l.rel === 'up' && l.href.endsWith(`/captures/${captured.id}`)),
    );
  });

  test('order: the buyer cancels (back to the cancel URL) or pays with a declined card (capture refused)', async () => {
    const make = () =>
      call('POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }],
        payment_source: {
          paypal: {
            experience_context: { return_url: 'http://shop.test/r', cancel_url: 'http://shop.test/c?cancelled=inv' },
          },
        },
      });
    const a = await make();
    const cancelled = await form('/checkoutnow', { token: a.body.id, action: 'cancel' });
    const url = new URL(cancelled.location);
    assert.equal(url.searchParams.get('cancelled'), 'inv');
    assert.equal(url.searchParams.get('token'), a.body.id);
    const b = await make();
    await form('/checkoutnow', { token: b.body.id, action: 'decline' });
    const capture = await call('POST', `/v2/checkout/orders/${b.body.id}/capture`, {});
    assert.equal(capture.status, 422);
    assert.equal(capture.body.details[0].issue, 'INSTRUMENT_DECLINED');
  });

  test('bad input gets PayPal error bodies', async () => {
    const noUnits = await call('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [] });
    assert.equal(noUnits.status, 400);
    assert.equal(noUnits.body.name, 'INVALID_REQUEST');
    const badJson = await fetch(`${sim.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{',
    });
    assert.equal(badJson.status, 400);
    assert.equal((await badJson.json()).details[0].issue, 'MALFORMED_REQUEST_JSON');
    const unknown = await call('GET', '/v1/billing/subscriptions/I-NOPE');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.name, 'RESOURCE_NOT_FOUND');
    const badPlan = await call('POST', '/v1/billing/plans', { product_id: 'PROD-NOPE', name: 'x', billing_cycles: [] });
    assert.equal(badPlan.status, 400);
    const badOutcome = await call('POST', '/v1/simulator/subscriptions/I-NOPE/cycle', { outcome: 'maybe' });
    assert.equal(badOutcome.status, 404);
    const noEvent = await call('POST', '/v1/simulator/webhooks/redeliver', {});
    assert.equal(noEvent.status, 400);
  });

  test('subscription: approve, renew, fail, suspend, activate, revise, cancel, refund a sale', async () => {
    const before = received.length;
    const plan = await call(
      'POST',
      '/v1/billing/plans',
      {
        product_id: sim.productId,
        name: 'Fresh Desk yearly',
        billing_cycles: yearlyCycles('238.00'),
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 1 },
      },
      { prefer: 'return=representation' },
    );
    assert.equal(plan.status, 201);
    assert.equal(plan.body.billing_cycles[0].pricing_scheme.fixed_price.value, '238.00');
    assert.equal((await call('GET', `/v1/billing/plans/${plan.body.id}`)).body.id, plan.body.id);

    const created = await call('POST', '/v1/billing/subscriptions', {
      plan_id: plan.body.id,
      custom_id: 'inv-9',
      application_context: {
        return_url: 'http://shop.test/return',
        cancel_url: 'http://shop.test/cancel',
        locale: 'en-DE',
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'APPROVAL_PENDING');
    const subId = created.body.id;
    const approveUrl = new URL(created.body.links.find((l) => l.rel === 'approve').href);
    assert.match(await (await fetch(approveUrl)).text(), /Agree &amp; Subscribe/);
    const noCycleYet = await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' });
    assert.equal(noCycleYet.status, 422);

    const decided = await form('/webapps/billing/subscriptions', {
      ba_token: approveUrl.searchParams.get('ba_token'),
      action: 'approve',
    });
    const back = new URL(decided.location);
    assert.equal(back.searchParams.get('subscription_id'), subId);
    await sim.idle();
    const sub = (await call('GET', `/v1/billing/subscriptions/${subId}`)).body;
    assert.equal(sub.status, 'ACTIVE');
    assert.equal(sub.billing_info.cycle_executions[0].cycles_completed, 1);
    const firstSale = eventsOf('PAYMENT.SALE.COMPLETED').at(-1).body.resource;
    assert.equal(firstSale.billing_agreement_id, subId);
    assert.equal(firstSale.custom, 'inv-9');
    assert.deepEqual(firstSale.amount.total, '238.00');
    assert.deepEqual(
      received.slice(before).map((r) => r.body.event_type),
      ['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED'],
    );

    const renewed = await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' });
    assert.equal(renewed.status, 200);
    assert.equal(renewed.body.events[0].event_type, 'PAYMENT.SALE.COMPLETED');
    assert.equal(renewed.body.events[0].status, 'SUCCESS');
    assert.equal(renewed.body.subscription.billing_info.cycle_executions[0].cycles_completed, 2);
    assert.equal(
      new Date(renewed.body.subscription.billing_info.next_billing_time).getUTCFullYear(),
      new Date(sub.billing_info.next_billing_time).getUTCFullYear() + 1,
    );

    // Threshold 1: one failed cycle suspends; a suspended subscription is not billed.
    const failed = await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'failure' });
    assert.deepEqual(
      failed.body.events.map((e) => e.event_type),
      ['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'BILLING.SUBSCRIPTION.SUSPENDED'],
    );
    assert.equal(failed.body.subscription.status, 'SUSPENDED');
    assert.equal(failed.body.subscription.billing_info.failed_payments_count, 1);
    assert.equal(
      (await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' })).status,
      422,
    );
    assert.equal((await call('POST', `/v1/billing/subscriptions/${subId}/suspend`, { reason: 'x' })).status, 422);
    assert.equal((await call('POST', `/v1/billing/subscriptions/${subId}/activate`, { reason: 'paid' })).status, 204);
    assert.equal((await call('POST', `/v1/billing/subscriptions/${subId}/suspend`, {})).status, 400);
    assert.equal(
      (await call('POST', `/v1/billing/subscriptions/${subId}/suspend`, { reason: 'cancel at period end' })).status,
      204,
    );
    assert.equal((await call('POST', `/v1/billing/subscriptions/${subId}/activate`, { reason: 'undo' })).status, 204);
    // auto_bill_outstanding: the next cycle also bills what the failed one did not collect.
    const withOutstanding = await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' });
    assert.equal(withOutstanding.body.sale.amount.total, '476.00');
    assert.equal(withOutstanding.body.subscription.billing_info.outstanding_balance.value, '0.00');

    // Revise: the buyer approves the new plan; the next cycle bills its price.
    const plan2 = await call('POST', '/v1/billing/plans', {
      product_id: sim.productId,
      name: 'Fresh Desk yearly plus',
      billing_cycles: yearlyCycles('300.00'),
    });
    const revised = await call('POST', `/v1/billing/subscriptions/${subId}/revise`, {
      plan_id: plan2.body.id,
      application_context: { return_url: 'http://shop.test/revised' },
    });
    assert.equal(revised.status, 200);
    assert.equal(revised.body.plan_id, plan2.body.id);
    const reviseUrl = new URL(revised.body.links.find((l) => l.rel === 'approve').href);
    assert.match(await (await fetch(reviseUrl)).text(), /Agree &amp; Continue/);
    const revisedBack = await form('/webapps/billing/subscriptions', {
      ba_token: reviseUrl.searchParams.get('ba_token'),
      action: 'approve',
    });
    assert.equal(new URL(revisedBack.location).pathname, '/revised');
    assert.equal((await call('GET', `/v1/billing/subscriptions/${subId}`)).body.plan_id, plan2.body.id);
    const third = await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' });
    assert.equal(third.body.sale.amount.total, '300.00');

    // Sale refund (partial) → PAYMENT.SALE.REFUNDED with the sale and the subscription.
    const refund = await call('POST', `/v1/payments/sale/${third.body.sale.id}/refund`, {
      amount: { total: '100.00', currency: 'EUR' },
    });
    assert.equal(refund.status, 201);
    assert.equal(refund.body.state, 'completed');
    assert.equal(
      (
        await call('POST', `/v1/payments/sale/${third.body.sale.id}/refund`, {
          amount: { total: '200.01', currency: 'EUR' },
        })
      ).status,
      400,
    );
    await sim.idle();
    const saleRefund = eventsOf('PAYMENT.SALE.REFUNDED').at(-1).body.resource;
    assert.equal(saleRefund.sale_id, third.body.sale.id);
    assert.equal(saleRefund.billing_agreement_id, subId);
    assert.equal(saleRefund.amount.total, '100.00');

    assert.equal(
      (await call('POST', `/v1/billing/subscriptions/${subId}/cancel`, { reason: 'account deleted' })).status,
      204,
    );
    const cancelledAgain = await call('POST', `/v1/billing/subscriptions/${subId}/cancel`, { reason: 'again' });
    assert.equal(cancelledAgain.status, 422);
    assert.equal(cancelledAgain.body.details[0].issue, 'SUBSCRIPTION_STATUS_INVALID');
    assert.equal((await call('POST', `/v1/billing/subscriptions/${subId}/activate`, {})).status, 422);
    assert.equal(
      (await call('POST', `/v1/simulator/subscriptions/${subId}/cycle`, { outcome: 'success' })).status,
      422,
    );
    await sim.idle();
    assert.equal(eventsOf('BILLING.SUBSCRIPTION.CANCELLED').at(-1).body.resource.id, subId);
    assert.ok(
      received.every((r) => r.verified),
      'every webhook verifies',
    );
  });

  test('redeliver sends the same event again (same id, new signature), and reports what the receiver said', async () => {
    const [event] = (await call('GET', '/v1/simulator/events?event_type=BILLING.SUBSCRIPTION.CANCELLED')).body.events;
    const count = received.length;
    receiverStatus = 500;
    const failed = await call('POST', '/v1/simulator/webhooks/redeliver', { event_id: event.id });
    assert.equal(failed.status, 200);
    assert.equal(failed.body.delivery.status, 500);
    receiverStatus = 200;
    const ok = await call('POST', '/v1/simulator/webhooks/redeliver', { event_id: event.id });
    assert.equal(ok.body.status, 'SUCCESS');
    assert.equal(received.length, count + 2);
    assert.equal(received.at(-1).body.id, event.id);
    assert.ok(received.at(-1).verified);
    assert.equal((await call('POST', '/v1/simulator/webhooks/redeliver', { event_id: 'WH-NOPE' })).status, 404);
  });

  test('the overview page lists subscriptions and says which no longer bill', async () => {
    const html = await (await fetch(`${sim.url}/`)).text();
    assert.match(html, /CANCELLED<\/td><td>[^<]+<\/td><td>\d+<\/td><td>not billing/);
  });
});
