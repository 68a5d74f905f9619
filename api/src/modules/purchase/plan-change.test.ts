// Plan changes through POST /invoice: another tier, period or number of extras of a plugin the seller subscribes to
// changes that one subscription. An upgrade is invoiced at once with a credit line and switches the license when
// paid; a downgrade is scheduled and taken by the renewal at the period end; parallel changes and parallel first
// purchases leave one live subscription per plugin. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import { PLAN_CHANGE_CREDIT_KIND, type PurchaseResponse } from '@portal/shared/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { invoices, licenses, subscriptions } from '../../db/schema';
import { createSubUser, createTestApp, type TestApp, type TestIdentity } from '../../../test/helpers';
import { buy, buyer, postEvent, SANDBOX_SECRET, signedEvent } from '../../../test/payment/purchase-helpers';
import { listDueRenewals } from '../subscription';
import { purchaseDeps } from './deps';
import { invoiceAndChargeRenewal } from './renewal-charge';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET });
  // The sandbox charges renewals by sending its signed event over HTTP to the api.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect((t.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => t?.close());

const plan = (product_id: string, extras: { users?: number; blocks?: number } = {}) => ({
  product_id,
  extra_users_count: extras.users ?? 0,
  extra_email_blocks: extras.blocks ?? 0,
  auto_upgrade_consent: true,
});

const post = (who: TestIdentity, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/invoice', headers: who.headers, payload });

/** Pays a draft through the signed sandbox webhook, as the payment window does. */
async function pay(body: { payment_url: string; quote: { grossCents: number } }) {
  const ref = body.payment_url.split('/').pop()!;
  const res = await postEvent(
    t.app,
    signedEvent('PAYMENT.COMPLETED', { ref, amount_cents: body.quote.grossCents, currency: 'EUR' }),
  );
  expect(res.statusCode).toBe(200);
}

const liveSubscriptionsOf = (who: TestIdentity) =>
  t.app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, who.uid), inArray(subscriptions.status, ['Active', 'Inactive'])));

const licensesOf = (who: TestIdentity) => t.app.db.select().from(licenses).where(eq(licenses.userId, who.uid));

/** A seller who bought and paid `product_id` (Fresh Desk, monthly by default). */
async function subscriber(product_id = 'fresh_desk-basic-monthly', extras: { users?: number } = {}) {
  const seller = await buyer(t.app);
  await pay(await buy(t.app, seller, plan(product_id, extras)));
  const [sub] = await liveSubscriptionsOf(seller);
  expect(sub).toBeDefined();
  return { seller, sub };
}

describe('an upgrade', () => {
  it('is invoiced at once with a credit line, and paying it switches the one subscription and its license', async () => {
    const { seller, sub } = await subscriber();
    const [before] = await licensesOf(seller);

    const res = await post(seller, plan('fresh_desk-optimal-monthly'));
    expect(res.statusCode).toBe(201);
    const body = res.json() as PurchaseResponse;
    expect(body.quote.plan_change).toMatchObject({
      timing: 'now',
      subscription_id: sub.id,
      from_product_id: 'fresh_desk-basic-monthly',
      from_product_name: 'Fresh Desk Basic',
    });
    const credit = body.quote.rows.find((r) => r.kind === PLAN_CHANGE_CREDIT_KIND)!;
    expect(credit.amountCents).toBeLessThan(0);
    expect(-credit.amountCents).toBeLessThanOrEqual(1990);
    expect(credit.description).toBe('Fresh Desk Basic');
    expect(body.quote.netCents).toBe(body.quote.rows.reduce((s, r) => s + r.amountCents, 0));
    expect(body.quote.netCents).toBeGreaterThan(0);

    await pay(body);

    const live = await liveSubscriptionsOf(seller);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ id: sub.id, productId: 'fresh_desk-optimal-monthly', pluginName: 'fresh_desk' });
    const all = await licensesOf(seller);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: before.id, key: before.key, productId: 'fresh_desk-optimal-monthly' });
    expect(all[0].expiresAt).toEqual(before.expiresAt);

    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, body.invoice_id));
    expect(invoice).toMatchObject({ status: 'Paid', licenseId: before.id, amount: body.quote.grossCents });
    expect(invoice.invoiceNumber).toMatch(/^RE-/);
    expect(invoice.rows.at(-1)).toMatchObject({ kind: PLAN_CHANGE_CREDIT_KIND, amountCents: credit.amountCents });
    expect(invoice.servicePeriodEnd).toEqual(before.expiresAt);
  });

  it('more extra users mid-term are a plan change too, and the license grants them when paid', async () => {
    const { seller, sub } = await subscriber('mobile-basic-monthly');
    const res = await post(seller, plan('mobile-basic-monthly', { users: 2 }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as PurchaseResponse;
    expect(body.quote.plan_change).toMatchObject({ timing: 'now', subscription_id: sub.id });
    await pay(body);
    const [license] = await licensesOf(seller);
    expect(license.extraOptions).toMatchObject({ extra_users_count: 2 });
    // the sub-user limit is the plan's 1 user plus the 2 bought
    const max = await t.app.inject({ url: '/api/user/subusers/max-allowed', headers: seller.headers });
    expect(max.json()).toEqual({ max_allowed: 3 });
  });
});

describe('an upgrade paid after its subscription stopped', () => {
  it('changes nothing: the draft reads Expired, unnumbered, the license keeps its plan, and the money is due back', async () => {
    const { seller, sub } = await subscriber();
    const res = await post(seller, plan('fresh_desk-optimal-monthly'));
    expect(res.statusCode).toBe(201);
    const body = res.json() as PurchaseResponse;
    // The seller cancels at the period end while the payment window is still open, then pays in it.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/${sub.id}/cancel`,
      headers: seller.headers,
    });
    expect(cancel.statusCode).toBe(200);
    await pay(body);

    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, body.invoice_id));
    expect(invoice).toMatchObject({ status: 'Expired', invoiceNumber: null });
    expect(invoice.paidAt).toBeNull();
    const [license] = await licensesOf(seller);
    expect(license.productId).toBe('fresh_desk-basic-monthly');
    const [after] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ productId: 'fresh_desk-basic-monthly', cancelAtPeriodEnd: true });
    const list = await t.app.inject({ url: '/api/invoice/list', headers: seller.headers });
    const row = (list.json().invoice_list as { id: string; status: string }[]).find((i) => i.id === body.invoice_id);
    expect(row).toMatchObject({ status: 'Expired' });
    // The payment window tells the seller that nothing was booked and the money goes back.
    const page = await t.app.inject({ url: body.payment_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Es wurde nichts gebucht; Sie erhalten den Betrag zurück.');
  });

  it('the sandbox page refuses to pay it once the subscription is cancelled: no money, the page says why', async () => {
    const { seller, sub } = await subscriber();
    const body = (await post(seller, plan('fresh_desk-optimal-monthly'))).json() as PurchaseResponse;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/${sub.id}/cancel`,
      headers: seller.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const pressed = await t.app.inject({ method: 'POST', url: `${body.payment_url}/pay` });
    expect(pressed.statusCode).toBe(410);
    expect(pressed.body).toContain('Dieser Planwechsel ist nicht mehr möglich');
    const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.id, body.invoice_id));
    expect(invoice).toMatchObject({ status: 'Expired', invoiceNumber: null, paidAt: null });
    const [license] = await licensesOf(seller);
    expect(license.productId).toBe('fresh_desk-basic-monthly');
  });
});

describe('a downgrade', () => {
  it('is scheduled for the period end (202, nothing to pay) and the renewal then bills the cheaper plan', async () => {
    const { seller, sub } = await subscriber('fresh_desk-optimal-monthly');
    const res = await post(seller, plan('fresh_desk-basic-monthly'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      scheduled: { product_id: 'fresh_desk-basic-monthly', effective_at: sub.currentPeriodEnd!.toISOString() },
      quote: { netCents: 1990, plan_change: { timing: 'period_end', subscription_id: sub.id } },
    });
    const drafts = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, seller.uid), eq(invoices.purchaseProductId, 'fresh_desk-basic-monthly')));
    expect(drafts).toHaveLength(0);
    const [scheduled] = await liveSubscriptionsOf(seller);
    expect(scheduled.scheduledChange).toMatchObject({ product_id: 'fresh_desk-basic-monthly' });
    expect(scheduled.productId).toBe('fresh_desk-optimal-monthly');
    // /licenses shows the waiting change on the subscription
    const shown = (await t.app.inject({ url: '/api/license/all', headers: seller.headers })).json().items[0];
    expect(shown.subscription.scheduledChange).toEqual({
      productId: 'fresh_desk-basic-monthly',
      productName: expect.any(String),
      effectiveAt: sub.currentPeriodEnd!.toISOString(),
    });

    // the period end: the renewal takes the change and bills Basic
    const [due] = (await listDueRenewals(t.app.db, new Date(sub.currentPeriodEnd!.getTime() + 1000))).filter(
      (d) => d.id === sub.id,
    );
    expect(due.scheduledChange).not.toBeNull();
    expect(await invoiceAndChargeRenewal(purchaseDeps(t.app), due)).toBe('renewed');
    const [after] = await liveSubscriptionsOf(seller);
    expect(after).toMatchObject({ id: sub.id, productId: 'fresh_desk-basic-monthly', scheduledChange: null });
    const renewed = (await t.app.inject({ url: '/api/license/all', headers: seller.headers })).json().items[0];
    expect(renewed.subscription.scheduledChange).toBeNull();
    const renewal = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, seller.uid), eq(invoices.status, 'Paid')));
    expect(renewal.map((i) => i.amountNet).sort((a, b) => a - b)).toEqual([1990, 7990]);
    await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(eq(subscriptions.id, sub.id));
  });
});

describe('keeping the current plan', () => {
  const keep = (who: TestIdentity, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/subscription/${id}/scheduled-change`, headers: who.headers });

  it('takes back the waiting change: the renewal bills the current plan; a second time, or none waiting, is 409', async () => {
    const { seller, sub } = await subscriber('fresh_desk-optimal-monthly');
    expect((await post(seller, plan('fresh_desk-basic-monthly'))).statusCode).toBe(202);
    const kept = await keep(seller, sub.id);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ approval_url: null });
    const shown = (await t.app.inject({ url: '/api/license/all', headers: seller.headers })).json().items[0];
    expect(shown.subscription.scheduledChange).toBeNull();
    const again = await keep(seller, sub.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ slug: 'no-scheduled-change' });

    const [due] = (await listDueRenewals(t.app.db, new Date(sub.currentPeriodEnd!.getTime() + 1000))).filter(
      (d) => d.id === sub.id,
    );
    expect(due.scheduledChange).toBeNull();
    expect(await invoiceAndChargeRenewal(purchaseDeps(t.app), due)).toBe('renewed');
    const [after] = await liveSubscriptionsOf(seller);
    expect(after.productId).toBe('fresh_desk-optimal-monthly');
    await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(eq(subscriptions.id, sub.id));
  });

  it("another seller's subscription is 404, a sub-user 403, an id that is no uuid 400; the change stays", async () => {
    const { seller, sub } = await subscriber('fresh_desk-optimal-monthly');
    expect((await post(seller, plan('fresh_desk-basic-monthly'))).statusCode).toBe(202);
    const stranger = await buyer(t.app);
    expect((await keep(stranger, sub.id)).statusCode).toBe(404);
    const helper = await createSubUser(t.app, seller);
    expect((await keep(helper, sub.id)).statusCode).toBe(403);
    const bad = await keep(seller, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ slug: 'validation-error' });
    const [still] = await liveSubscriptionsOf(seller);
    expect(still.scheduledChange).toMatchObject({ product_id: 'fresh_desk-basic-monthly' });
  });
});

describe('bad input and the wrong user', () => {
  it('the plan the seller already has answers 409; an unknown product 404; an extra the plan does not sell 400', async () => {
    const { seller } = await subscriber('fresh_desk-basic-monthly', { users: 1 });
    const same = await post(seller, plan('fresh_desk-basic-monthly', { users: 1 }));
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ slug: 'already-subscribed' });
    expect((await post(seller, plan('fresh_desk-nope-monthly'))).statusCode).toBe(404);
    const extra = await post(seller, plan('mobile-basic-monthly', { blocks: 2 }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({
      slug: 'extra-not-available',
      fields: { extra_email_blocks: expect.any(String) },
    });
  });

  it('a subscription with an unpaid renewal or cancelled at its period end is not changed (409)', async () => {
    const { seller, sub } = await subscriber();
    await t.app.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
    expect((await post(seller, plan('fresh_desk-optimal-monthly'))).json()).toMatchObject({
      slug: 'subscription-ending',
    });
    await t.app.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, status: 'Inactive' })
      .where(eq(subscriptions.id, sub.id));
    const res = await post(seller, plan('fresh_desk-optimal-monthly'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ slug: 'renewal-payment-due' });
  });

  it("another seller's subscription is not changed: their purchase is a first purchase; a sub-user gets 403", async () => {
    const { seller, sub } = await subscriber();
    const other = await buyer(t.app);
    const res = await post(other, plan('fresh_desk-optimal-monthly'));
    expect(res.statusCode).toBe(201);
    expect((res.json() as PurchaseResponse).quote.plan_change).toBeUndefined();
    const child = await createSubUser(t.app, seller);
    expect((await post(child, plan('fresh_desk-optimal-monthly'))).statusCode).toBe(403);
    const [mine] = await liveSubscriptionsOf(seller);
    expect(mine).toMatchObject({ id: sub.id, productId: 'fresh_desk-basic-monthly', scheduledChange: null });
  });
});

describe('one live subscription per seller and plugin', () => {
  it('two plans of one plugin bought in parallel and both paid make one live subscription', async () => {
    const seller = await buyer(t.app);
    const [a, b] = await Promise.all([
      buy(t.app, seller, plan('fresh_desk-basic-monthly')),
      buy(t.app, seller, plan('fresh_desk-optimal-yearly')),
    ]);
    await Promise.all([pay(a), pay(b)]);
    expect(await liveSubscriptionsOf(seller)).toHaveLength(1);
  });

  it('two plan changes sent in parallel and both paid leave one live subscription of the last plan paid', async () => {
    const { seller, sub } = await subscriber();
    const answers = await Promise.all([
      post(seller, plan('fresh_desk-optimal-monthly')),
      post(seller, plan('fresh_desk-advanced-monthly')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    await Promise.all(answers.map((r) => pay(r.json() as PurchaseResponse)));
    const live = await liveSubscriptionsOf(seller);
    expect(live).toHaveLength(1);
    expect(live[0].id).toBe(sub.id);
    expect(['fresh_desk-optimal-monthly', 'fresh_desk-advanced-monthly']).toContain(live[0].productId);
    expect(await licensesOf(seller)).toHaveLength(1);
  });
});
