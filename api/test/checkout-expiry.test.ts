// Checkout invoices expire unpaid after 24 h: listed Expired, never numbered, not payable by page or webhook. Time is
// controlled by the `now` the rule takes and by ageing a draft's created_at (the api's clock stays real, so the
// emulator's tokens stay valid).
import { count, eq, sql } from 'drizzle-orm';
import { invoices, licenses, payments } from '../src/db/schema';
import { createTestApp, type TestApp, type TestIdentity } from './helpers';
import {
  buy,
  buyer,
  FRESH_DESK_YEARLY,
  postEvent,
  SANDBOX_SECRET,
  signedEvent,
} from './payment/purchase-helpers';
import { runCheckoutExpiry } from '../src/jobs/checkout-expiry';
import { CHECKOUT_EXPIRY_MS, claimPayment, expireCheckouts, findInvoiceById } from '../src/modules/invoice';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET });
}, 120_000);
afterAll(async () => t?.close());

const HOUR = 60 * 60 * 1000;

/** Moves a draft's creation back by `ms` (as if it had been made that long ago). */
async function age(invoiceId: string, ms: number) {
  await t.app.db.execute(
    sql`UPDATE invoices SET created_at = created_at - make_interval(secs => ${ms / 1000}) WHERE id = ${invoiceId}`,
  );
}

async function licenseCount(user: TestIdentity) {
  const [row] = await t.app.db.select({ n: count() }).from(licenses).where(eq(licenses.userId, user.uid));
  return row.n;
}

const listOf = async (user: TestIdentity) =>
  (await t.app.inject({ method: 'GET', url: '/api/invoice/list', headers: user.headers })).json().invoice_list as {
    id: string;
    status: string;
    invoice_number: string | null;
    payment_url: string | null;
  }[];

describe('checkout expiry', () => {
  it('expires exactly 24 h after the draft was made, once, by the job on every instance alike', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const draft = (await findInvoiceById(t.app.db, bought.invoice_id))!;
    // PostgreSQL keeps microseconds, a JS date milliseconds: the stored moment lies in [createdAt, createdAt + 1 ms).
    const due = draft.createdAt.getTime() + 1 + CHECKOUT_EXPIRY_MS;

    expect(await expireCheckouts(t.app.db, new Date(due - 2), seller.uid)).toEqual([]);
    expect((await findInvoiceById(t.app.db, draft.id))!.status).toBe('Pending');
    // Two instances at the same moment: the draft is expired once.
    const [a, b] = await Promise.all([
      expireCheckouts(t.app.db, new Date(due), seller.uid),
      expireCheckouts(t.app.db, new Date(due), seller.uid),
    ]);
    expect([...a, ...b]).toEqual([draft.id]);
    const expired = (await findInvoiceById(t.app.db, draft.id))!;
    expect(expired).toMatchObject({ status: 'Expired', invoiceNumber: null, paidAt: null });

    // The scheduled job runs once per hour across instances and leaves paid and numbered invoices alone.
    const later = new Date(due + 2 * HOUR);
    const first = await runCheckoutExpiry(t.app.db, later);
    expect(first.ran).toBe(true);
    expect((await runCheckoutExpiry(t.app.db, later)).ran).toBe(false);
  });

  it('reads Expired on /invoices before the job ran: no number, no payment page, payment-check says Expired', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    await age(bought.invoice_id, 23 * HOUR);
    expect((await listOf(seller))[0]).toMatchObject({ status: 'Pending', payment_url: bought.payment_url });

    await age(bought.invoice_id, HOUR);
    const [row] = await listOf(seller);
    expect(row).toMatchObject({ id: bought.invoice_id, status: 'Expired', invoice_number: null, payment_url: null });
    const one = await t.app.inject({ method: 'GET', url: `/api/invoice/${bought.invoice_id}`, headers: seller.headers });
    expect(one.json()).toMatchObject({ status: 'Expired', payment_url: null, has_pdf: false });
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/${bought.invoice_id}/payment-check`,
      headers: seller.headers,
    });
    expect(check.json()).toEqual({ invoice_id: bought.invoice_id, payment: { status: 'Expired' }, invoice_number: null });
  });

  it('the sandbox page refuses to pay an expired checkout and sends no event', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    await age(bought.invoice_id, 25 * HOUR);

    const page = await t.app.inject({ method: 'GET', url: bought.payment_url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('data-status="Expired"');
    expect(page.body).toContain('Diese Bestellung ist abgelaufen');
    expect(page.body).not.toContain('/pay"');

    const pay = await t.app.inject({ method: 'POST', url: `${bought.payment_url}/pay` });
    expect(pay.statusCode).toBe(410);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.invoiceId, bought.invoice_id));
    expect(payment.status).toBe('Pending');
    expect(await licenseCount(seller)).toBe(0);
  });

  it('a payment event for an expired draft creates no license and no number; the money is recorded and flagged', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    await age(bought.invoice_id, 25 * HOUR);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    const event = signedEvent('PAYMENT.COMPLETED', resource);

    const error = jest.spyOn(t.app.log, 'error');
    const res = await postEvent(t.app, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, status: 'Paid' });
    // Replayed: still nothing settled.
    expect((await postEvent(t.app, event)).json()).toMatchObject({ duplicate: true });

    const invoice = (await findInvoiceById(t.app.db, bought.invoice_id))!;
    expect(invoice).toMatchObject({ status: 'Expired', invoiceNumber: null });
    expect(await licenseCount(seller)).toBe(0);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.invoiceId, bought.invoice_id));
    expect(payment.status).toBe('Paid');
    expect(
      error.mock.calls.some((call) => String(call[1]).includes('payment received for an expired checkout')),
    ).toBe(true);
    error.mockRestore();
  });

  it('money claimed before the expiry settles, even when the job runs after the expiry', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    await age(bought.invoice_id, 23 * HOUR);
    // The money arrives in time (claimed under the row lock), its license is still being made when the day is over.
    expect(await claimPayment(t.app.db, bought.invoice_id, new Date())).toBe('accepted');
    await age(bought.invoice_id, 2 * HOUR);
    expect(await expireCheckouts(t.app.db, new Date(), seller.uid)).toEqual([]);
    expect((await listOf(seller))[0].status).toBe('Pending');

    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    expect((await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource))).statusCode).toBe(200);
    const invoice = (await findInvoiceById(t.app.db, bought.invoice_id))!;
    expect(invoice.status).toBe('Paid');
    expect(invoice.invoiceNumber).toMatch(/^RE-\d{4}-\d{6}$/);
    expect(await licenseCount(seller)).toBe(1);
  });

  it('after the expiry a new purchase gets a fresh draft; the expired key answers 409 checkout-expired', async () => {
    const seller = await buyer(t.app);
    const key = { ...seller.headers, 'idempotency-key': `key-${seller.uid}` };
    const post = () => t.app.inject({ method: 'POST', url: '/api/invoice', headers: key, payload: FRESH_DESK_YEARLY });
    const first = await post();
    expect(first.statusCode).toBe(201);
    await age(first.json().invoice_id, 25 * HOUR);

    const again = await post();
    expect(again.statusCode).toBe(409);
    expect(again.json().slug).toBe('checkout-expired');
    const fresh = await buy(t.app, seller, FRESH_DESK_YEARLY);
    expect(fresh.invoice_id).not.toBe(first.json().invoice_id);
    const statuses = await t.app.db
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.userId, seller.uid));
    expect(statuses).toEqual(
      expect.arrayContaining([
        { id: first.json().invoice_id, status: 'Expired' },
        { id: fresh.invoice_id, status: 'Pending' },
      ]),
    );
  });
});
