// The whole purchase over real HTTP: sandbox page → Pay → signed event → webhook → post-payment steps, and the
// idempotency cases (double click, duplicated, replayed and out-of-order events, restart in between).
import crypto from 'node:crypto';
import { INVOICE_NUMBER_PATTERN } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { licenses, paymentEvents, payments, postPaymentSteps, subscriptions } from '../../db/schema';
import { listenLocally, type TestApp, type TestIdentity } from '../../../test/helpers';
import {
  buy,
  buyer,
  countsFor,
  FRESH_DESK_YEARLY,
  mailsTo,
  postEvent,
  SANDBOX_SECRET,
  createShopApp,
  signedEvent,
} from '../../../test/payment/purchase-helpers';
import { quotePurchase } from '@portal/shared/domain';
import { createDraftInvoice, findInvoiceById } from '../invoice';
import { findProduct, toProduct } from '../license/product';
import { findPaymentByRef, markPaymentPaid, signSandboxBody } from '../payment';
import { chargeAutomatically } from './auto-charge';
import { purchaseDeps } from './deps';
import { runPostPayment } from './post-payment';
import { ensureSteps } from './repository';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createShopApp();
  base = await listenLocally(t.app);
}, 120_000);
afterAll(async () => t?.close());

const DAY = 86_400_000;
const page = (ref: string) => fetch(`${base}/api/payment/sandbox/${ref}`);
const press = (ref: string, action: 'pay' | 'cancel') =>
  fetch(`${base}/api/payment/sandbox/${ref}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
const check = (who: TestIdentity, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/invoice/${id}/payment-check`, headers: who.headers }).then((r) => r.json());

describe('sandbox payment round trip over HTTP', () => {
  it('shows the page, pays through the signed webhook, and creates the license, paid invoice, subscription and mail once', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);

    const before = await page(bought.ref);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await before.text();
    expect(html).toContain('322,49');
    expect(html).toContain('Portal Demo Software GmbH');
    expect(html).toContain('Fresh Desk Basic Yearly');
    expect(html).toMatch(/<button type="submit" class="primary">Bezahlen<\/button>/);
    expect(html).toContain('>Abbrechen</button>');
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script
    expect(mailsTo(t, seller)).toHaveLength(0);

    const paid = await press(bought.ref, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/api/payment/sandbox/${bought.ref}`);
    const after = await (await page(bought.ref)).text();
    expect(after).toContain('Zahlung erhalten');
    expect(after).toContain('src="/api/payment/assets/close-window.js"');
    const script = await fetch(`${base}/api/payment/assets/close-window.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.close()');

    const status = await check(seller, bought.invoice_id);
    expect(status.payment.status).toBe('Paid');
    expect(status.invoice_number).toMatch(INVOICE_NUMBER_PATTERN);

    const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    expect(license).toMatchObject({ productId: 'fresh_desk-basic-yearly', status: 'active' });
    expect(license.extraOptions).toEqual({ extra_users_count: 2, extra_email_count: 0, auto_upgrade_consent: true });
    expect(license.expiresAt!.getTime() - Date.now()).toBeGreaterThan(364 * DAY);
    expect(license.expiresAt!.getTime() - Date.now()).toBeLessThan(366 * DAY);
    const all = await t.app.inject({ method: 'GET', url: '/api/license/all', headers: seller.headers });
    expect(all.json().items[0]).toMatchObject({
      key: license.key,
      status: 'active',
      licenseTypeDetails: { type: 'subscription' },
    });

    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
    expect(subscription).toMatchObject({ licenseId: license.id, status: 'Active', periodUnit: 'year' });
    expect(subscription.currentPeriodEnd).toEqual(license.expiresAt);

    const [mail] = mailsTo(t, seller);
    expect(mail).toContain('Subject: Vielen Dank für Ihren Kauf');
    expect(mail).toContain(license.key);
    expect(mail).toContain(status.invoice_number);

    const steps = await t.app.db
      .select()
      .from(postPaymentSteps)
      .where(eq(postPaymentSteps.invoiceId, bought.invoice_id));
    expect(steps.map((s) => s.state)).toEqual(Array(7).fill('done'));
    expect(await countsFor(t, seller, bought.invoice_id)).toEqual({
      licenses: 1,
      paidInvoices: 1,
      subscriptions: 1,
      payments: 1,
      events: 1,
      mails: 1,
    });

    // Paying again (back button, second tab) changes nothing.
    expect((await press(bought.ref, 'pay')).status).toBe(303);
    expect((await countsFor(t, seller, bought.invoice_id)).licenses).toBe(1);
  });

  it('a double click on Pay sends two events and still makes one license, one paid invoice, one mail', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const results = await Promise.all([press(bought.ref, 'pay'), press(bought.ref, 'pay')]);
    expect(results.map((r) => r.status)).toEqual([303, 303]);
    const counts = await countsFor(t, seller, bought.invoice_id);
    expect(counts).toMatchObject({ licenses: 1, paidInvoices: 1, subscriptions: 0, mails: 1 });
    // A permanent license has no expiry.
    const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    expect(license).toMatchObject({ productId: 'magic_matrix-permanent', expiresAt: null, status: 'active' });
  });

  it('English buyers get the page and the mail in English; Cancel marks the payment failed and closes the window', async () => {
    const seller = await buyer(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/language',
      headers: seller.headers,
      payload: { language: 'en' },
    });
    const bought = await buy(t.app, seller, { product_id: 'gpsr-basic-monthly' });
    const html = await (await page(bought.ref)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('>Cancel</button>');

    const cancel = await press(bought.ref, 'cancel');
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`/api/payment/sandbox/${bought.ref}?result=cancelled`);
    const cancelled = await (await fetch(`${base}${cancel.headers.get('location')}`)).text();
    expect(cancelled).toContain('The payment was cancelled');
    expect(cancelled).toContain('close-window.js');
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Failed');
    // Opened again later ("Pay now" on the invoices page) it offers paying.
    expect(await (await page(bought.ref)).text()).toContain('>Pay</button>');

    // Paying after a cancel (the invoices page's "Pay now") still works.
    expect((await press(bought.ref, 'pay')).status).toBe(303);
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Paid');
    const [mail] = mailsTo(t, seller);
    expect(mail).toContain('Thank you for your purchase');
  });

  it('an unknown ref shows a 404 page', async () => {
    const res = await page('A'.repeat(32));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('nicht gefunden');
  });
});

describe('webhook idempotency', () => {
  it('a replayed event (same id) and a duplicate with a new id create nothing twice', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    const event = signedEvent('PAYMENT.COMPLETED', resource);

    const first = await postEvent(t.app, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, status: 'Paid' });
    const replay = await postEvent(t.app, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true, status: 'Paid' });
    const again = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource));
    expect(again.json()).toMatchObject({ duplicate: false, status: 'Paid' });

    expect(await countsFor(t, seller, bought.invoice_id)).toEqual({
      licenses: 1,
      paidInvoices: 1,
      subscriptions: 1,
      payments: 1,
      events: 2,
      mails: 1,
    });
  });

  it('out of order: a cancel after the payment keeps it paid; a payment after a cancel pays once', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource));
    const late = await postEvent(t.app, signedEvent('PAYMENT.CANCELLED', resource));
    expect(late.json()).toMatchObject({ status: 'Paid' });
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Paid');

    const other = await buy(t.app, seller, {
      ...FRESH_DESK_YEARLY,
      product_id: 'mobile-basic-monthly',
      extra_users_count: 0,
    });
    const otherResource = { ref: other.ref, amount_cents: other.quote.grossCents, currency: 'EUR' };
    await postEvent(t.app, signedEvent('PAYMENT.CANCELLED', otherResource));
    expect((await check(seller, other.invoice_id)).payment.status).toBe('Failed');
    await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', otherResource));
    expect((await check(seller, other.invoice_id)).payment.status).toBe('Paid');
    expect((await countsFor(t, seller, other.invoice_id)).licenses).toBe(2); // one per invoice
    expect(mailsTo(t, seller)).toHaveLength(2);
  });

  it('a partial refund issues a correction, the rest of it a second one (replays add none)', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource));
    const list = async () => {
      const res = await t.app.inject({
        url: `/api/invoice/list?limit=10`,
        headers: seller.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().invoice_list as { id: string; kind: string }[];
    };

    const partial = { ...resource, amount_cents: resource.amount_cents - 100 };
    expect((await postEvent(t.app, signedEvent('PAYMENT.REFUNDED', partial))).json()).toMatchObject({ status: 'Paid' });
    expect((await list()).map((i) => i.kind)).toEqual(['correction', 'invoice']);

    const rest = signedEvent('PAYMENT.REFUNDED', { ...resource, amount_cents: 100 });
    expect((await postEvent(t.app, rest)).json()).toMatchObject({ status: 'Refunded' });
    await postEvent(t.app, rest);
    await postEvent(t.app, signedEvent('PAYMENT.REFUNDED', resource));
    const [last, first, original] = await list();
    expect(original).toMatchObject({ id: bought.invoice_id, kind: 'invoice', status: 'Paid' });
    expect([first, last]).toMatchObject([
      { kind: 'correction', cancels_invoice_id: bought.invoice_id, amount_with_vat: -partial.amount_cents },
      { kind: 'correction', cancels_invoice_id: bought.invoice_id, amount_with_vat: -100, has_pdf: true },
    ]);
    expect(await list()).toHaveLength(3);
  });

  it('refuses a bad signature (400, nothing stored) and an amount that does not match (400, stored as rejected)', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };

    const forged = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource, { secret: 'f'.repeat(64) }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().slug).toBe('webhook-signature-invalid');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'PAYMENT.COMPLETED', resource }),
    });
    expect(unsigned.statusCode).toBe(400);

    const cheap = signedEvent('PAYMENT.COMPLETED', { ...resource, amount_cents: 100 });
    const res = await postEvent(t.app, cheap);
    expect(res.statusCode).toBe(400);
    expect(res.json().slug).toBe('payment-amount-mismatch');
    expect((await postEvent(t.app, cheap)).statusCode).toBe(400); // its replay too
    const wrongCurrency = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', { ...resource, currency: 'USD' }));
    expect(wrongCurrency.statusCode).toBe(400);

    const [stored] = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, cheap.body.id));
    expect(stored).toMatchObject({ outcome: 'rejected' });
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 0, paidInvoices: 0, mails: 0 });
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Pending');

    const unknown = await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', { ...resource, ref: 'Z'.repeat(32) }));
    expect(unknown.statusCode).toBe(404);
    const otherProvider = await t.app.inject({ method: 'POST', url: '/api/payment/webhook/paypal', payload: {} });
    expect(otherProvider.statusCode).toBe(404);
  });
});

describe('webhook bodies the database cannot store', () => {
  const send = (raw: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxBody(SANDBOX_SECRET, raw) },
      payload: raw,
    });

  it('refuses a signed event with a NUL (raw byte or \\u0000) or a lone surrogate with 400, storing nothing', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    const event = (overrides: object) =>
      JSON.stringify({ ...signedEvent('PAYMENT.COMPLETED', resource).body, ...overrides });
    const bodies: [string, string | Buffer][] = [
      ['NUL in the id', event({ id: `evt_\u0000${crypto.randomUUID()}` })],
      ['NUL in the ref', event({ resource: { ...resource, ref: `${bought.ref}\u0000` } })],
      ['NUL in another field', event({ created: 'x\u0000' })],
      ['NUL in a key', event({ ['extra\u0000']: 1 })],
      ['a lone surrogate', event({ id: `evt_\ud800${crypto.randomUUID()}` })],
      ['a raw NUL byte', Buffer.concat([Buffer.from(event({})), Buffer.from([0])])],
    ];
    for (const [label, raw] of bodies) {
      const res = await send(raw);
      expect([label, res.statusCode, res.json().slug]).toEqual([label, 400, 'validation-error']);
      expect(res.json().message).toMatch(/^The webhook body must not contain NUL/);
    }
    const [stored] = await t.app.db.select().from(payments).where(eq(payments.providerRef, bought.ref));
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, stored.id))).toEqual([]);
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Pending');
  });

  it("refuses an event type that is a key every object inherits ('__proto__', 'constructor', 'toString')", async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    for (const type of ['__proto__', 'constructor', 'toString']) {
      const res = await send(JSON.stringify({ ...signedEvent('PAYMENT.COMPLETED', resource).body, type }));
      expect([type, res.statusCode, res.json().slug]).toEqual([type, 400, 'webhook-signature-invalid']);
    }
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Pending');
  });
});

describe('an event that arrives before its payment', () => {
  it('is refused (404) and processed when the provider delivers it again', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const early = signedEvent('PAYMENT.COMPLETED', {
      ref: 'L'.repeat(32),
      amount_cents: bought.quote.grossCents,
      currency: 'EUR',
    });
    expect((await postEvent(t.app, early)).statusCode).toBe(404);
    // The payment now carries that reference (as if its row had been written after the event arrived).
    await t.app.db
      .update(payments)
      .set({ providerRef: 'L'.repeat(32) })
      .where(eq(payments.invoiceId, bought.invoice_id));
    const retry = await postEvent(t.app, early);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ received: true, duplicate: false, status: 'Paid' });
    const [stored] = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, early.body.id));
    expect(stored.outcome).toBe('processed');
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 1, paidInvoices: 1, mails: 1 });
  });
});

describe('crash and restart', () => {
  it('a failing step stops the process; the next event resumes it without redoing finished steps', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const payment = (await findPaymentByRef(t.app.db, 'sandbox', bought.ref))!;
    await markPaymentPaid(t.app.db, payment.id, new Date());
    await ensureSteps(t.app.db, bought.invoice_id, payment.id);
    const broken = {
      ...purchaseDeps(t.app),
      mail: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    };
    const first = await runPostPayment(broken, bought.invoice_id);
    expect(first.complete).toBe(false);
    expect(first.steps.find((s) => s.step === 'SendEmail')).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'SMTP down',
    });
    expect(first.steps.find((s) => s.step === 'CreateInvoiceInDb')).toMatchObject({ state: 'done' });
    expect((await check(seller, bought.invoice_id)).payment.status).toBe('Paid');

    // The provider retries its event: the process continues at SendEmail.
    const retry = await postEvent(
      t.app,
      signedEvent('PAYMENT.COMPLETED', { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' }),
    );
    expect(retry.statusCode).toBe(200);
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({
      licenses: 1,
      paidInvoices: 1,
      subscriptions: 1,
      mails: 1,
    });
  });

  it('an api that stopped between payment and processing finishes the stored process when it starts again', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'magic_matrix-permanent' });
    const payment = (await findPaymentByRef(t.app.db, 'sandbox', bought.ref))!;
    // What the webhook had stored when the process died: the payment is paid and the steps exist, none ran.
    await markPaymentPaid(t.app.db, payment.id, new Date());
    await ensureSteps(t.app.db, bought.invoice_id, payment.id);
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 0, mails: 0 });

    const restarted = await buildApp(t.config, { db: t.app.dbHandle });
    try {
      await restarted.ready(); // resumes unfinished processes
      expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 1, paidInvoices: 1, mails: 1 });
      const [row] = await restarted.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row.status).toBe('Paid');
    } finally {
      await restarted.close();
    }
    // A second start finds nothing left to do.
    const again = await buildApp(t.config, { db: t.app.dbHandle });
    await again.ready();
    await again.close();
    expect(await countsFor(t, seller, bought.invoice_id)).toMatchObject({ licenses: 1, paidInvoices: 1, mails: 1 });
  });
});

describe('renewal and overage invoices of the billing job (charged without a buyer at the window)', () => {
  async function subscribedSeller() {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, { product_id: 'gpsr-basic-monthly' });
    await press(bought.ref, 'pay');
    const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
    const first = (await findInvoiceById(t.app.db, bought.invoice_id))!;
    return { seller, license, subscription, first };
  }

  async function draftFor(first: NonNullable<Awaited<ReturnType<typeof findInvoiceById>>>, extra: object) {
    const product = toProduct((await findProduct(t.app.db, 'gpsr-basic-monthly'))!);
    const quote = quotePurchase(product, {}, { country: 'DE', vatId: '', vatIdVerified: false });
    return createDraftInvoice(t.app.db, {
      userId: first.userId!,
      userEmail: first.userEmail,
      language: first.language,
      buyer: first.buyer,
      quote,
      products: [{ productId: product.id, info: product.name }],
      proceedType: 'PaypalPaymentSubscriptionAutoPayment',
      purchase: {
        product_id: product.id,
        extra_users_count: 0,
        extra_email_blocks: 0,
        auto_upgrade_consent: false,
        ...extra,
      } as Parameters<typeof createDraftInvoice>[1]['purchase'],
      paymentProvider: 'sandbox',
    });
  }

  it('a renewal is paid through the signed webhook and extends the same license and subscription by one period', async () => {
    const { seller, license, subscription, first } = await subscribedSeller();
    const { id } = await draftFor(first, { renewal_of_subscription_id: subscription.id });

    expect(await chargeAutomatically(purchaseDeps(t.app), { invoiceId: id })).toEqual({ status: 'sent' });
    const renewal = (await findInvoiceById(t.app.db, id))!;
    expect(renewal.status).toBe('Paid');
    expect(renewal.invoiceNumber).toMatch(INVOICE_NUMBER_PATTERN);
    expect(renewal.licenseId).toBe(license.id);

    const all = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    expect(all).toHaveLength(1);
    expect(all[0].expiresAt!.getTime() - license.expiresAt!.getTime()).toBe(30 * DAY);
    const [sub] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub.currentPeriodEnd).toEqual(all[0].expiresAt);
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid))).toHaveLength(1);
    expect(mailsTo(t, seller)).toHaveLength(2);

    expect(await chargeAutomatically(purchaseDeps(t.app), { invoiceId: id })).toEqual({ status: 'already-paid' });
    const [again] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    expect(again.expiresAt).toEqual(all[0].expiresAt);
  });

  it('an overage invoice is paid against the existing license without issuing or extending one', async () => {
    const { seller, license, subscription, first } = await subscribedSeller();
    const { id } = await draftFor(first, { overage_of_subscription_id: subscription.id });
    expect(await chargeAutomatically(purchaseDeps(t.app), { invoiceId: id })).toEqual({ status: 'sent' });
    expect((await findInvoiceById(t.app.db, id))!.status).toBe('Paid');
    const all = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
    expect(all).toHaveLength(1);
    expect(all[0].expiresAt).toEqual(license.expiresAt);
  });
});
