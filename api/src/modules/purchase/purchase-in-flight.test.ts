// One purchase per seller and plan in flight: the Idempotency-Key of POST /invoice, parallel purchases, the open
// draft answered again, 409 for a plan the seller already subscribes to, the unique index of live subscriptions, and
// a stale payment window paid after a subscription began. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { invoices, licenses, payments, postPaymentSteps, subscriptions } from '../../db/schema';
import type { TestApp, TestIdentity } from '../../../test/helpers';
import {
  buyer,
  FRESH_DESK_YEARLY,
  postEvent,
  createShopApp,
  signedEvent,
} from '../../../test/payment/purchase-helpers';
import { createDraftInvoice, findInvoiceById } from '../invoice';
import { OPEN_PURCHASE_REUSE_MS } from './buy';
import { startCheckout } from './checkout';

let t: TestApp;
beforeAll(async () => {
  t = await createShopApp();
}, 120_000);
afterAll(async () => t?.close());

const post = (who: TestIdentity, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: { ...who.headers, ...(key && { 'idempotency-key': key }) },
    payload,
  });

const draftsOf = (who: TestIdentity) => t.app.db.select().from(invoices).where(eq(invoices.userId, who.uid));
const paymentsOf = async (invoiceIds: string[]) =>
  invoiceIds.length ? t.app.db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds)) : [];
const liveSubscriptionsOf = (who: TestIdentity) =>
  t.app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, who.uid), inArray(subscriptions.status, ['Active', 'Inactive'])));

/** Pays a draft through the signed sandbox webhook, as the payment window does. */
async function pay(body: { payment_url: string; quote: { grossCents: number } }) {
  const ref = body.payment_url.split('/').pop()!;
  return postEvent(
    t.app,
    signedEvent('PAYMENT.COMPLETED', { ref, amount_cents: body.quote.grossCents, currency: 'EUR' }),
  );
}

/** A unique violation, however the driver wraps it. */
async function uniqueViolation(promise: Promise<unknown>) {
  const err = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; cause?: { code?: string } } | null;
  expect(err).not.toBeNull();
  expect(err?.code ?? err?.cause?.code).toBe('23505');
}

describe('POST /invoice with an Idempotency-Key', () => {
  it('answers a repeated request with the same draft and checkout: one draft, one provider checkout', async () => {
    const seller = await buyer(t.app);
    const key = crypto.randomUUID();
    const first = await post(seller, FRESH_DESK_YEARLY, key);
    const again = await post(seller, FRESH_DESK_YEARLY, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const drafts = await draftsOf(seller);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ idempotencyKey: key, purchaseProductId: 'fresh_desk-basic-yearly' });
    expect(await paymentsOf(drafts.map((d) => d.id))).toHaveLength(1);
  });

  it('makes one draft for the same key sent in parallel', async () => {
    const seller = await buyer(t.app);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(seller, FRESH_DESK_YEARLY, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().invoice_id)).size).toBe(1);
    expect(await draftsOf(seller)).toHaveLength(1);
  });

  it('refuses the same key with another choice (422) and a malformed key (400), storing nothing', async () => {
    const seller = await buyer(t.app);
    const key = crypto.randomUUID();
    expect((await post(seller, FRESH_DESK_YEARLY, key)).statusCode).toBe(201);
    const other = await post(seller, { ...FRESH_DESK_YEARLY, extra_users_count: 5 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().slug).toBe('idempotency-key-reused');
    const bad = await post(seller, FRESH_DESK_YEARLY, 'ä'.repeat(3));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      slug: 'validation-error',
      fields: { 'Idempotency-Key': 'validation_field_invalid' },
    });
    expect(await draftsOf(seller)).toHaveLength(1);
  });
});

describe('one purchase per seller and product in flight', () => {
  it('eight parallel requests with different keys make exactly one draft and all answer its checkout', async () => {
    const seller = await buyer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(seller, FRESH_DESK_YEARLY, crypto.randomUUID())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.invoice_id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.payment_url)).size).toBe(1);

    const drafts = await draftsOf(seller);
    expect(drafts).toHaveLength(1);
    expect(await paymentsOf(drafts.map((d) => d.id))).toHaveLength(1);
  });

  it('eight parallel requests without a key make one draft too', async () => {
    const seller = await buyer(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(seller, FRESH_DESK_YEARLY)));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    expect(await draftsOf(seller)).toHaveLength(1);
  });

  it('a reopened dialog (new key) gets the open draft; another extras choice replaces it', async () => {
    const seller = await buyer(t.app);
    const first = await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID());
    expect(first.statusCode).toBe(201);
    // The seller closed the payment window and the dialog, and buys the same again.
    const reopened = await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID());
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(first.json());

    const otherChoice = await post(seller, { ...FRESH_DESK_YEARLY, extra_users_count: 3 }, crypto.randomUUID());
    expect(otherChoice.statusCode).toBe(201);
    expect(otherChoice.json().invoice_id).not.toBe(first.json().invoice_id);
    const drafts = await draftsOf(seller);
    expect(drafts.find((d) => d.id === first.json().invoice_id)?.status).toBe('Failed');
    expect(drafts.find((d) => d.id === otherChoice.json().invoice_id)?.status).toBe('Pending');

    // Another product is a purchase of its own.
    const monthly = await post(seller, {
      ...FRESH_DESK_YEARLY,
      product_id: 'fresh_desk-basic-monthly',
      extra_users_count: 0,
    });
    expect(monthly.statusCode).toBe(201);
  });

  it('an open draft whose checkout has lapsed is replaced by a new one', async () => {
    const seller = await buyer(t.app);
    const first = (await post(seller, FRESH_DESK_YEARLY)).json();
    await t.app.db
      .update(invoices)
      .set({ createdAt: new Date(Date.now() - OPEN_PURCHASE_REUSE_MS - 60_000) })
      .where(eq(invoices.id, first.invoice_id));
    const later = await post(seller, FRESH_DESK_YEARLY);
    expect(later.statusCode).toBe(201);
    expect(later.json().payment_url).not.toBe(first.payment_url);
  });
});

describe('a plan the seller already subscribes to', () => {
  it('answers 409 already-subscribed with a readable message and the field', async () => {
    const seller = await buyer(t.app);
    const bought = (await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID())).json();
    expect((await pay(bought)).statusCode).toBe(200);
    expect(await liveSubscriptionsOf(seller)).toHaveLength(1);

    const again = await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      slug: 'already-subscribed',
      message: expect.stringContaining('You already have a subscription of Fresh Desk Basic Yearly'),
      fields: { product_id: 'api_error_already_subscribed' },
    });
    // Another plan of the plugin is a change of this subscription, not a second one: monthly costs less than the
    // yearly plan paid, so it waits for the period end (202, nothing to pay).
    const other = await post(seller, {
      ...FRESH_DESK_YEARLY,
      product_id: 'fresh_desk-basic-monthly',
      extra_users_count: 0,
    });
    expect(other.statusCode).toBe(202);
    expect(await liveSubscriptionsOf(seller)).toHaveLength(1);
  });
});

describe('the database keeps one live subscription per seller and plugin', () => {
  async function licenseOf(who: TestIdentity, productId: string) {
    const [row] = await t.app.db
      .insert(licenses)
      .values({ userId: who.uid, productId, key: `TEST-${crypto.randomUUID()}` })
      .returning();
    return row;
  }

  it('refuses a second live subscription inserted directly, also without product_id (taken from the license)', async () => {
    const seller = await buyer(t.app);
    const a = await licenseOf(seller, 'gpsr-basic-monthly');
    const b = await licenseOf(seller, 'gpsr-basic-monthly');
    const [first] = await t.app.db
      .insert(subscriptions)
      .values({ userId: seller.uid, licenseId: a.id, status: 'Active' })
      .returning();
    expect(first.productId).toBe('gpsr-basic-monthly');

    await uniqueViolation(
      t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: b.id, status: 'Active' }),
    );
    await uniqueViolation(
      t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: b.id, status: 'Inactive' }),
    );
    // Ended ones do not count; another plan of the plugin is refused too; another plugin is another subscription.
    await t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: b.id, status: 'Expired' });
    await t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: b.id, status: 'Cancelled' });
    const yearly = await licenseOf(seller, 'gpsr-basic-yearly');
    await uniqueViolation(
      t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: yearly.id, status: 'Active' }),
    );
    const other = await licenseOf(seller, 'mobile-basic-yearly');
    await t.app.db.insert(subscriptions).values({ userId: seller.uid, licenseId: other.id, status: 'Active' });
    // Reactivating an ended one while another is live is refused too.
    const [ended] = await t.app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.licenseId, b.id), eq(subscriptions.status, 'Expired')));
    await uniqueViolation(
      t.app.db.update(subscriptions).set({ status: 'Active' }).where(eq(subscriptions.id, ended.id)),
    );
  });
});

describe('a stale payment window paid after the subscription began', () => {
  it('records the payment, keeps the one live subscription, answers 200 and logs a warning with the invoice id', async () => {
    const seller = await buyer(t.app);
    // First dialog: no extra users; its window stays open. Second dialog: 3 extra users, replaces the first draft.
    const stale = (await post(seller, { ...FRESH_DESK_YEARLY, extra_users_count: 0 }, crypto.randomUUID())).json();
    const current = (await post(seller, { ...FRESH_DESK_YEARLY, extra_users_count: 3 }, crypto.randomUUID())).json();
    expect(current.invoice_id).not.toBe(stale.invoice_id);
    expect((await pay(current)).statusCode).toBe(200);
    const [subscription] = await liveSubscriptionsOf(seller);
    expect(subscription).toBeDefined();

    const warn = jest.spyOn(t.app.log, 'warn');
    const late = await pay(stale);
    const warnings = [...warn.mock.calls];
    warn.mockRestore();
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'Paid' });
    const live = await liveSubscriptionsOf(seller);
    expect(live.map((s) => s.id)).toEqual([subscription.id]);
    expect(warnings).toContainEqual([
      expect.objectContaining({ invoiceId: stale.invoice_id, subscriptionId: subscription.id }),
      expect.stringContaining('refund'),
    ]);

    const [paidStale] = await t.app.db.select().from(invoices).where(eq(invoices.id, stale.invoice_id));
    expect(paidStale.status).toBe('Paid');
    expect(paidStale.invoiceNumber).not.toBeNull();
    const [payment] = await paymentsOf([stale.invoice_id]);
    expect(payment.status).toBe('Paid');
    // The process finished (nothing left half done), and its subscription step says a refund is due.
    const steps = await t.app.db
      .select()
      .from(postPaymentSteps)
      .where(eq(postPaymentSteps.invoiceId, stale.invoice_id));
    expect(steps.map((s) => s.state)).toEqual(Array(7).fill('done'));
    expect(steps.find((s) => s.step === 'HandleSubscription')?.output).toMatchObject({
      subscription: null,
      duplicateOf: subscription.id,
      refundDue: true,
    });
  });
});

describe('a renewal paid for an ended subscription while the plan was bought again', () => {
  it('extends the paid period but keeps the new subscription the only live one', async () => {
    const seller = await buyer(t.app);
    const first = (await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID())).json();
    await pay(first);
    const [ended] = await liveSubscriptionsOf(seller);
    await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(eq(subscriptions.id, ended.id));
    const second = await post(seller, FRESH_DESK_YEARLY, crypto.randomUUID());
    expect(second.statusCode).toBe(201);
    await pay(second.json());
    const [current] = await liveSubscriptionsOf(seller);
    expect(current.id).not.toBe(ended.id);

    // The old subscription's renewal invoice (made before it expired) is paid late.
    const paidFirst = (await findInvoiceById(t.app.db, first.invoice_id))!;
    const { id } = await createDraftInvoice(t.app.db, {
      userId: seller.uid,
      userEmail: paidFirst.userEmail,
      language: paidFirst.language,
      buyer: paidFirst.buyer,
      quote: first.quote,
      products: paidFirst.products,
      proceedType: 'PaypalPaymentSubscriptionAutoPayment',
      purchase: { ...FRESH_DESK_YEARLY, renewal_of_subscription_id: ended.id },
      paymentProvider: 'sandbox',
    });
    const checkout = await startCheckout(
      { db: t.app.db, provider: t.app.paymentProvider, log: t.app.log },
      {
        invoiceId: id,
        amountCents: first.quote.grossCents,
        currency: 'EUR',
        description: 'renewal',
        language: 'de',
        subscription: null,
      },
    );
    expect((await pay({ payment_url: checkout.paymentUrl, quote: first.quote })).statusCode).toBe(200);

    expect((await liveSubscriptionsOf(seller)).map((s) => s.id)).toEqual([current.id]);
    const [old] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, ended.id));
    expect(old.status).toBe('Expired');
    const steps = await t.app.db.select().from(postPaymentSteps).where(eq(postPaymentSteps.invoiceId, id));
    expect(steps.map((s) => s.state)).toEqual(Array(7).fill('done'));
    expect(steps.find((s) => s.step === 'HandleSubscription')?.output).toMatchObject({
      reactivated: false,
      refundDue: true,
    });
  });
});
