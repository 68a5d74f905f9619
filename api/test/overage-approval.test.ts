// POST /api/subscription/{id}/overage/approve with the sandbox over real HTTP: approve → consent page → Approve →
// signed event → webhook → post-payment settles the overage once, and the browser goes back to the portal with
// overage_approval_result. Approving twice, a double click and a replayed event charge once.
import { INVOICE_NUMBER_PATTERN } from '@portal/shared/domain';
import { and, eq } from 'drizzle-orm';
import { billingEvents, invoices, licenses, paymentEvents, payments, subscriptions, users } from '../src/db/schema';
import { recordOverage } from '../src/modules/subscription';
import { recordUsage } from '../src/modules/license/usage';
import {
  createSubUser,
  createTestApp,
  listenLocally,
  registerUser,
  uniqueEmail,
  type TestApp,
  type TestIdentity,
} from './helpers';
import { activeSubscription, buyer, mailsTo, postEvent, SANDBOX_SECRET } from './payment/purchase-helpers';

const STAFF_EMAIL = uniqueEmail('staff');
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, INTERNAL_EMAILS: STAFF_EMAIL });
  base = await listenLocally(t.app);
}, 120_000);
afterAll(async () => t?.close());

/** A seller (complete profile) with an active fresh_desk Economical subscription and the auto-upgrade consent. */
async function subscriber(seller?: TestIdentity) {
  const who = seller ?? (await buyer(t.app));
  const running = await activeSubscription(t.app, who, 'fresh_desk-economical-monthly', { auto_upgrade_consent: true });
  return { seller: who, ...running };
}

/** What the month-end job records for 4500 emails on a 2000-email plan: 3 blocks × 5 € = 15 € net. */
const overage = (subscriptionId: string, period = '2026-10', amountCents = 1500) =>
  recordOverage(t.app.db, {
    subscriptionId,
    period,
    amountCents,
    consent: true,
    detail: { used: 4500, included: 2000, blocks: amountCents / 500, capped: false },
  });

const approve = (who: TestIdentity | null, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/subscription/${id}/overage/approve`, headers: who?.headers });
const pending = async (who: TestIdentity) =>
  (await t.app.inject({ url: '/api/subscription/overage/pending', headers: who.headers })).json();
const press = (url: string, action: 'approve' | 'cancel') =>
  fetch(`${base}${url}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
const invoicesOf = (who: TestIdentity) => t.app.db.select().from(invoices).where(eq(invoices.userId, who.uid));
const subRow = async (id: string) => (await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

describe('POST /api/subscription/{id}/overage/approve (sandbox)', () => {
  it('approves through the consent page: one invoice, one payment, the overage settled, back with result=true', async () => {
    const { seller, sub } = await subscriber();
    await overage(sub.id);
    expect(await pending(seller)).toEqual({ subscriptions_to_approve: [{ id: sub.id }] });

    const res = await approve(seller, sub.id);
    expect(res.statusCode).toBe(200);
    const url = res.json().approval_url as string;
    expect(url).toMatch(/^\/api\/payment\/sandbox\/[A-Za-z0-9_-]{32}\/consent$/);

    // Approving again before paying: the same page, no second invoice.
    expect((await approve(seller, sub.id)).json()).toEqual({ approval_url: url });
    const drafts = await invoicesOf(seller);
    expect(drafts).toHaveLength(1);
    // 15 € net + 19 % VAT.
    expect(drafts[0]).toMatchObject({ amountNet: 1500, vatAmount: 285, amount: 1785, status: 'Pending' });
    expect(drafts[0].purchase).toMatchObject({ overage_of_subscription_id: sub.id, overage_periods: ['2026-10'] });

    const page = await fetch(`${base}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    // A page: helmet's headers for pages too.
    expect(page.headers.get('origin-agent-cluster')).toBe('?1');
    expect(page.headers.get('x-download-options')).toBe('noopen');
    const html = await page.text();
    expect(html).toContain('<title>Mehrverbrauch freigeben</title>');
    expect(html).toContain('17,85');
    expect(html).toContain('E-Mail-Mehrverbrauch 10/2026');
    expect(html).toContain('4.500 von 2.000');
    expect(html).toMatch(/<button type="submit" class="primary">Freigeben und bezahlen<\/button>/);
    expect(html).not.toMatch(/<script>(?!<)/);

    // A double click: two approvals at once.
    const [first, second] = await Promise.all([press(url, 'approve'), press(url, 'approve')]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/dashboard?overage_approval_result=true');
    }

    const all = await invoicesOf(seller);
    expect(all).toHaveLength(1);
    expect(all[0].status).toBe('Paid');
    expect(all[0].invoiceNumber).toMatch(INVOICE_NUMBER_PATTERN);
    const paid = await t.app.db.select().from(payments).where(eq(payments.invoiceId, all[0].id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'Paid', amountCents: 1785 });
    expect(await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid))).toHaveLength(1);
    expect(await subRow(sub.id)).toMatchObject({ overagePending: false, overageAmount: 0 });
    const [event] = await t.app.db.select().from(billingEvents).where(eq(billingEvents.subscriptionId, sub.id));
    expect(event).toMatchObject({ status: 'done', invoiceId: all[0].id });
    expect(await pending(seller)).toEqual({ subscriptions_to_approve: [] });
    const mails = mailsTo(t, seller).length;

    // A replayed event changes nothing.
    const [stored] = await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paid[0].id));
    const raw = JSON.stringify(stored.payload);
    const { signSandboxBody } = await import('../src/modules/payment/sandbox-provider');
    const replay = await postEvent(t.app, {
      body: stored.payload as never,
      raw,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxBody(SANDBOX_SECRET, raw) },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true, status: 'Paid' });
    expect(await invoicesOf(seller)).toHaveLength(1);
    expect(mailsTo(t, seller)).toHaveLength(mails);

    // The consent page after paying sends the browser back with success; approving again is refused.
    const revisit = await fetch(`${base}${url}`, { redirect: 'manual' });
    expect(revisit.headers.get('location')).toBe('/dashboard?overage_approval_result=true');
    const again = await approve(seller, sub.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ slug: 'overage-not-pending' });
    expect(await invoicesOf(seller)).toHaveLength(1);
  });

  it('cancel returns with result=false and keeps the overage pending; approving later pays the same invoice', async () => {
    const { seller, sub } = await subscriber();
    await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, seller.uid));
    await overage(sub.id);
    const url = (await approve(seller, sub.id)).json().approval_url as string;
    const html = await (await fetch(`${base}${url}`)).text();
    expect(html).toContain('<title>Approve overage</title>');
    expect(html).toContain('email overage 10/2026');
    expect(html).toContain('>Approve and pay</button>');

    const cancelled = await press(url, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('/dashboard?overage_approval_result=false');
    expect(await pending(seller)).toEqual({ subscriptions_to_approve: [{ id: sub.id }] });
    expect((await invoicesOf(seller))[0].status).toBe('Failed');

    expect((await approve(seller, sub.id)).json()).toEqual({ approval_url: url });
    const ok = await press(url, 'approve');
    expect(ok.headers.get('location')).toBe('/dashboard?overage_approval_result=true');
    const all = await invoicesOf(seller);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'Paid', language: 'en' });
    expect(await pending(seller)).toEqual({ subscriptions_to_approve: [] });
  });

  it('a month closed while the approval was open stays pending for its own approval', async () => {
    const { seller, sub } = await subscriber();
    await overage(sub.id, '2026-09', 1000);
    const url = (await approve(seller, sub.id)).json().approval_url as string;
    await overage(sub.id, '2026-10', 4500);
    expect((await subRow(sub.id)).overageAmount).toBe(5500);
    await press(url, 'approve');
    expect(await subRow(sub.id)).toMatchObject({ overagePending: true, overageAmount: 4500 });
    const next = (await approve(seller, sub.id)).json().approval_url as string;
    expect(next).not.toBe(url);
    await press(next, 'approve');
    const all = await invoicesOf(seller);
    expect(all.map((i) => [i.amountNet, i.status]).sort()).toEqual([
      [1000, 'Paid'],
      [4500, 'Paid'],
    ]);
    expect(await subRow(sub.id)).toMatchObject({ overagePending: false, overageAmount: 0 });
  });

  it('refuses another seller, a sub-user, anonymous calls, bad ids and a subscription with nothing pending', async () => {
    const { seller, sub } = await subscriber();
    await overage(sub.id);
    const other = await buyer(t.app);
    const foreign = await approve(other, sub.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ slug: 'subscription-not-found' });
    const child = await createSubUser(t.app, seller);
    const bySubUser = await approve(child, sub.id);
    expect(bySubUser.statusCode).toBe(403);
    expect(bySubUser.json()).toMatchObject({ slug: 'forbidden-for-subuser' });
    expect((await approve(null, sub.id)).statusCode).toBe(401);
    const bad = await approve(seller, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ slug: 'validation-error' });
    expect((await approve(seller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await invoicesOf(seller)).toHaveLength(0);
    expect(await invoicesOf(other)).toHaveLength(0);

    const { sub: quiet } = await subscriber(other);
    const none = await approve(other, quiet.id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ slug: 'overage-not-pending' });
  });

  it('refuses with 400 profile-incomplete when the buyer data for the invoice is missing', async () => {
    const seller = await registerUser(t.app);
    const { sub } = await subscriber(seller);
    await overage(sub.id);
    const res = await approve(seller, sub.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ slug: 'profile-incomplete' });
    const rows = await t.app.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.subscriptionId, sub.id), eq(billingEvents.kind, 'overage')));
    expect(rows[0].invoiceId).toBeNull();
  });

  it('an unknown consent ref goes back to the portal with result=false', async () => {
    const res = await fetch(`${base}/api/payment/sandbox/${'x'.repeat(32)}/consent/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard?overage_approval_result=false');
  });
});

describe('POST /api/subscription/month-end/run (staff)', () => {
  const run = (who: TestIdentity | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/subscription/month-end/run', headers: who?.headers, payload });

  it('runs the month end as of a date in the api process: usage above the plan becomes a pending overage, once', async () => {
    const staff = await registerUser(t.app, { email: STAFF_EMAIL });
    const { seller, license, sub } = await subscriber();
    await recordUsage(t.app.db, license.id, '2024-03', 4500);
    const res = await run(staff, { date: '2024-04-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ran: true, period: '2024-03' });
    expect(await pending(seller)).toEqual({ subscriptions_to_approve: [{ id: sub.id }] });
    expect((await subRow(sub.id)).overageAmount).toBe(1500);
    expect((await run(staff, { date: '2024-04-15' })).json()).toMatchObject({ ran: false, period: '2024-03' });
    expect((await subRow(sub.id)).overageAmount).toBe(1500);

    const future = await run(staff, { date: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ slug: 'validation-error', fields: { date: 'validation_field_invalid' } });
    expect((await run(staff, { date: '1.4.2024' })).statusCode).toBe(400);
    expect((await run(staff, { date: '2024-04-01', extra: 1 })).statusCode).toBe(400);
  });

  it('refuses sellers and anonymous calls', async () => {
    const seller = await registerUser(t.app);
    const res = await run(seller, { date: '2024-05-01' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ slug: 'forbidden-staff-only' });
    expect((await run(null, { date: '2024-05-01' })).statusCode).toBe(401);
  });
});
