// The daily renewals job on a fixed clock: renewal through the sandbox's automatic charge, a declined
// charge → Inactive → "Pay now" → Active, cancel at period end → Cancelled, unpaid → Expired, a run killed between
// its steps resumed without charging twice, and two api instances running it at once (PostgreSQL with
// TEST_DATABASE_URL: two apps with their own pool connections) charging once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isLicenseValid, type License } from '@portal/shared/domain';
import { buildApp } from '../src/app';
import { billingEvents, invoices, jobRuns, licenses, payments, subscriptions } from '../src/db/schema';
import { RENEWAL_LEAD_DAYS, runRenewals } from '../src/jobs/renewals';
import { invoiceAndChargeRenewal, purchaseDeps, type RenewalOutcome } from '../src/modules/purchase';
import { listDueRenewals } from '../src/modules/subscription';
import { checkLicense } from '../src/modules/license/check/service';
import {
  COMPLETE_CONTACT,
  completeProfile,
  createTestApp,
  listenLocally,
  registerUser,
  uniqueEmail,
  type TestApp,
  type TestIdentity,
} from './helpers';
import { buy, outboxTo, SANDBOX_SECRET } from './payment/purchase-helpers';

let t: TestApp;
let base: string;
const STAFF_EMAIL = uniqueEmail('staff');
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, INTERNAL_EMAILS: STAFF_EMAIL });
  base = await listenLocally(t.app);
}, 120_000);
afterAll(async () => t?.close());

const DAY = 86_400_000;

// Each test lives in its own year, so a day's run of an earlier test never counts as "already done"; subscriptions
// of earlier tests are ended afterwards so they are not renewed again by later runs.
let year = 2040;
const ours: string[] = [];
afterEach(async () => {
  if (ours.length) {
    await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(inArray(subscriptions.id, ours));
    ours.length = 0;
  }
});

const pressPay = (paymentUrl: string) =>
  fetch(`${base}${paymentUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

/**
 * A seller who bought Fresh Desk Basic monthly with two extra users through the sandbox page; the period is then
 * moved to end on a fixed date of a year of its own.
 */
async function subscriber(opts: { invoiceEmail?: string; periodEnd?: Date } = {}) {
  year += 1;
  const periodEnd = opts.periodEnd ?? new Date(`${year}-03-15T10:00:00.000Z`);
  const seller = await registerUser(t.app);
  await completeProfile(t.app, seller, { ...COMPLETE_CONTACT, invoiceEmail: opts.invoiceEmail ?? '' });
  const bought = await buy(t.app, seller, {
    product_id: 'fresh_desk-basic-monthly',
    extra_users_count: 2,
    extra_email_blocks: 0,
    auto_upgrade_consent: true,
  });
  expect((await pressPay(bought.payment_url)).status).toBe(303);
  const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
  await t.app.db.update(licenses).set({ expiresAt: periodEnd }).where(eq(licenses.id, license.id));
  const [sub] = await t.app.db
    .update(subscriptions)
    .set({ currentPeriodEnd: periodEnd })
    .where(eq(subscriptions.licenseId, license.id))
    .returning();
  ours.push(sub.id);
  return { seller, license, sub, periodEnd, firstInvoiceId: bought.invoice_id };
}
type Subscriber = Awaited<ReturnType<typeof subscriber>>;

/** The run date `days` before (negative: after) the period end, at midnight UTC as the CLI's --date gives it. */
const runDate = (s: Subscriber, daysBeforeEnd: number) =>
  new Date(`${new Date(s.periodEnd.getTime() - daysBeforeEnd * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`);

const subRow = async (id: string) => (await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const licenseRow = async (id: string) => (await t.app.db.select().from(licenses).where(eq(licenses.id, id)))[0];
const renewalInvoices = (s: Subscriber) =>
  t.app.db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.userId, s.seller.uid), sql`${invoices.purchase}->>'renewal_of_subscription_id' = ${s.sub.id}`),
    );
const paymentsOf = (invoiceId: string) => t.app.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const eventsOf = (id: string) =>
  t.app.db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.subscriptionId, id), eq(billingEvents.kind, 'renewal')));
const shownLicense = async (who: TestIdentity) =>
  ((await t.app.inject({ url: '/api/license/all', headers: who.headers })).json().items as License[])[0];

/** The mails (outbox files) to `to`, decoded. */
const outbox = (to: string) => outboxTo(t, to);

describe('renewals job', () => {
  it('renews a period due within the lead days: one invoice with base price and extra users, charged, license extended', async () => {
    const s = await subscriber();
    expect(await runRenewals(purchaseDeps(t.app), runDate(s, RENEWAL_LEAD_DAYS + 1))).toMatchObject({ ran: true });
    expect(await renewalInvoices(s)).toHaveLength(0); // not due yet

    const result = await runRenewals(purchaseDeps(t.app), runDate(s, 2));
    expect(result).toMatchObject({ ran: true, summary: { renewed: 1, 'payment-failed': 0 } });

    const [renewal] = await renewalInvoices(s);
    expect(renewal).toMatchObject({
      status: 'Paid',
      proceedType: 'PaypalPaymentSubscriptionAutoPayment',
      licenseId: s.license.id,
      amountNet: 1990 + 2 * 300, // Basic monthly + two extra users, billed with each month
      vatAmount: 492,
      amount: 3082,
    });
    expect(renewal.invoiceNumber).toMatch(/^RE-/);
    expect(renewal.rows.map((r) => [r.kind, r.quantity, r.amountCents])).toEqual([
      ['base', 1, 1990],
      ['extra_users', 2, 600],
    ]);
    expect(renewal.servicePeriodStart).toEqual(s.periodEnd);
    const newEnd = new Date(s.periodEnd.getTime() + 30 * DAY);
    expect(renewal.servicePeriodEnd).toEqual(newEnd);
    expect((await licenseRow(s.license.id)).expiresAt).toEqual(newEnd);
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Active', currentPeriodEnd: newEnd });
    expect(await eventsOf(s.sub.id)).toEqual([
      expect.objectContaining({ period: s.periodEnd.toISOString(), status: 'done', invoiceId: renewal.id }),
    ]);
    expect(outbox(s.seller.email).filter((m) => m.includes(renewal.invoiceNumber!))).toHaveLength(1);

    // The same day again (a second instance, the next tick) and the next day: nothing is charged again.
    expect(await runRenewals(purchaseDeps(t.app), runDate(s, 2))).toMatchObject({ ran: false });
    expect(await runRenewals(purchaseDeps(t.app), runDate(s, 1))).toMatchObject({ ran: true, summary: { renewed: 0 } });
    expect(await renewalInvoices(s)).toHaveLength(1);
    expect(await paymentsOf(renewal.id)).toHaveLength(1);
  });

  it('a declined charge makes the subscription Inactive and tells the seller; Pay now makes it Active again', async () => {
    const invoiceEmail = `billing-${year + 1}+decline@test.portal`;
    const s = await subscriber({ invoiceEmail });
    const result = await runRenewals(purchaseDeps(t.app), runDate(s, 2));
    expect(result).toMatchObject({ ran: true, summary: { renewed: 0, 'payment-failed': 1 } });

    const [renewal] = await renewalInvoices(s);
    expect(renewal).toMatchObject({ status: 'Failed', invoiceNumber: null });
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Inactive', currentPeriodEnd: s.periodEnd });
    // Still usable until the paid period ends.
    expect((await licenseRow(s.license.id)).expiresAt).toEqual(s.periodEnd);
    const declinedMails = () => outbox(invoiceEmail).filter((m) => m.includes('Verlängerung nicht bezahlt'));
    const mails = declinedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Verlängerung nicht bezahlt – Fresh Desk Basic');
    // Usable for the payment grace after the paid period: 14 days by default.
    const graceUntil = new Date(s.periodEnd.getTime() + 14 * DAY);
    expect(mails[0]).toContain(`noch bis ${graceUntil.toISOString().slice(8, 10)}.03.${year}`);
    expect(mails[0]).toContain('„Jetzt bezahlen“');
    expect(mails[0]).toContain('/licenses');
    expect((await licenseRow(s.license.id)).paymentGraceUntil).toEqual(graceUntil);

    const shown = await shownLicense(s.seller);
    expect(shown.subscription).toEqual({
      id: s.sub.id,
      status: 'Inactive',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: s.periodEnd.toISOString(),
      renewalInvoice: { id: renewal.id, paymentUrl: renewal.paymentUrl },
      scheduledChange: null,
      providerApprovalUrl: null,
    });

    // Another seller sees none of it; a bad page size is a 400, not a page.
    const stranger = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/license/all', headers: stranger.headers })).json()).toMatchObject({
      items: [],
      total: 0,
    });
    const bad = await t.app.inject({ url: '/api/license/all?pageSize=nope', headers: s.seller.headers });
    expect(bad.statusCode).toBe(400);

    // The next day's run neither charges nor mails again.
    expect(await runRenewals(purchaseDeps(t.app), runDate(s, 1))).toMatchObject({
      ran: true,
      summary: { 'payment-failed': 0 },
    });
    expect(await paymentsOf(renewal.id)).toHaveLength(1);
    expect(declinedMails()).toHaveLength(1);

    // Pay now: the same payment page, paid by the seller.
    expect((await pressPay(shown.subscription!.renewalInvoice!.paymentUrl!)).status).toBe(303);
    const newEnd = new Date(s.periodEnd.getTime() + 30 * DAY);
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Active', currentPeriodEnd: newEnd });
    expect((await licenseRow(s.license.id)).expiresAt).toEqual(newEnd);
    const [paid] = await renewalInvoices(s);
    expect(paid.status).toBe('Paid');
    expect((await licenseRow(s.license.id)).paymentGraceUntil).toBeNull();
    expect((await shownLicense(s.seller)).subscription).toMatchObject({ status: 'Active', renewalInvoice: null });
  });

  it('an unpaid declined renewal keeps the license for the grace, then expires; paying late restores it at once', async () => {
    const s = await subscriber({ invoiceEmail: `late-${year}+decline@test.portal` });
    await runRenewals(purchaseDeps(t.app), runDate(s, 2));
    expect((await subRow(s.sub.id)).status).toBe('Inactive');
    // The day after the period end: still in the grace (Inactive, the license valid, Pay now offered).
    expect(await runRenewals(purchaseDeps(t.app), runDate(s, -1))).toMatchObject({ summary: { expired: 0 } });
    expect((await subRow(s.sub.id)).status).toBe('Inactive');
    const [renewal] = await renewalInvoices(s);
    const graceUntil = new Date(s.periodEnd.getTime() + 14 * DAY);
    expect((await licenseRow(s.license.id)).paymentGraceUntil).toEqual(graceUntil);
    const dayAfterEnd = new Date(s.periodEnd.getTime() + DAY);
    const dayAfterGrace = new Date(graceUntil.getTime() + DAY);
    const plugin = { key: s.license.key, plugin: 'fresh_desk' as const };
    const identifier = { type: 'email' as const, value: s.seller.email };
    expect(await checkLicense(t.app.db, { ...plugin, identifier }, dayAfterEnd)).toMatchObject({
      valid: true,
      code: 'VALID',
    });
    expect(isLicenseValid(await shownLicense(s.seller), dayAfterEnd)).toBe(true);

    // The day after the grace: Expired; the check says the payment is overdue, and the open invoice can still be paid.
    const after = await runRenewals(purchaseDeps(t.app), runDate(s, -15));
    expect(after).toMatchObject({ ran: true, summary: { expired: 1 } });
    expect((await subRow(s.sub.id)).status).toBe('Expired');
    expect(await checkLicense(t.app.db, { ...plugin, identifier }, dayAfterGrace)).toMatchObject({
      valid: false,
      code: 'PAYMENT_OVERDUE',
    });
    const shown = await shownLicense(s.seller);
    expect(isLicenseValid(shown, dayAfterGrace)).toBe(false);
    expect(shown.subscription).toMatchObject({
      status: 'Expired',
      renewalInvoice: { id: renewal.id, paymentUrl: renewal.paymentUrl },
      scheduledChange: null,
      providerApprovalUrl: null,
    });

    expect((await pressPay(renewal.paymentUrl!)).status).toBe(303);
    const newEnd = new Date(s.periodEnd.getTime() + 30 * DAY);
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Active', currentPeriodEnd: newEnd });
    expect(await licenseRow(s.license.id)).toMatchObject({
      status: 'active',
      expiresAt: newEnd,
      paymentGraceUntil: null,
    });
    expect((await shownLicense(s.seller)).subscription).toMatchObject({ status: 'Active', renewalInvoice: null });
    expect(await checkLicense(t.app.db, { ...plugin, identifier }, dayAfterGrace)).toMatchObject({
      valid: true,
      code: 'VALID',
    });
  });

  it('a declined renewal paid after its whole period is over runs one period from the payment', async () => {
    // The period ended 70 days ago: its renewal (declined) billed the 30 days after it, which are over as well.
    const periodEnd = new Date(Math.floor(Date.now() / DAY) * DAY - 70 * DAY + 10 * 3_600_000);
    const s = await subscriber({ invoiceEmail: `past-${year}+decline@test.portal`, periodEnd });
    await runRenewals(purchaseDeps(t.app), runDate(s, 2));
    const [renewal] = await renewalInvoices(s);
    expect(renewal).toMatchObject({ status: 'Failed', invoiceNumber: null });
    await runRenewals(purchaseDeps(t.app), runDate(s, -15));
    expect((await subRow(s.sub.id)).status).toBe('Expired');

    const before = Date.now();
    expect((await pressPay(renewal.paymentUrl!)).status).toBe(303);
    const license = await licenseRow(s.license.id);
    expect(license.status).toBe('active');
    expect(license.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(license.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Active', currentPeriodEnd: license.expiresAt });
    const [paid] = await t.app.db.select().from(invoices).where(eq(invoices.id, renewal.id));
    expect(paid.servicePeriodEnd).toEqual(license.expiresAt);
    expect(paid.servicePeriodStart!.getTime()).toBeGreaterThanOrEqual(before);
    expect(isLicenseValid(await shownLicense(s.seller), new Date())).toBe(true);
  });

  it('a subscription cancelled at period end is not renewed and is Cancelled once the period is over', async () => {
    const s = await subscriber();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/${s.sub.id}/cancel`,
      headers: s.seller.headers,
    });
    expect(cancel.statusCode).toBe(200);
    await runRenewals(purchaseDeps(t.app), runDate(s, 2));
    expect(await renewalInvoices(s)).toHaveLength(0);
    expect(await subRow(s.sub.id)).toMatchObject({ status: 'Active', cancelAtPeriodEnd: true });
    expect((await shownLicense(s.seller)).status).toBe('active');

    const result = await runRenewals(purchaseDeps(t.app), runDate(s, -1));
    expect(result).toMatchObject({ ran: true, summary: { cancelled: 1, renewed: 0 } });
    expect((await subRow(s.sub.id)).status).toBe('Cancelled');
    expect(await renewalInvoices(s)).toHaveLength(0);
    const shown = await shownLicense(s.seller);
    expect(shown.status).toBe('inactive'); // no longer valid after the period
    expect(shown.subscription).toMatchObject({ status: 'Cancelled' });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/license/check',
      payload: { key: s.license.key, plugin: 'fresh_desk', identifier: { type: 'email', value: s.seller.email } },
    });
    expect(check.json()).toMatchObject({ valid: false, code: 'INACTIVE' });
  });

  it.each(['claimed', 'invoiced', 'charged'] as const)(
    'resumes a run that died after the step "%s" without a second invoice or charge',
    async (step) => {
      const s = await subscriber();
      const date = runDate(s, 2);
      const died = runRenewals(purchaseDeps(t.app), date, {
        hook: (at) => {
          if (at === step) throw new Error(`instance died after ${at}`);
        },
      });
      await expect(died).rejects.toThrow(`instance died after ${step}`);
      const [run] = await t.app.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'renewals'), eq(jobRuns.period, date.toISOString().slice(0, 10))));
      expect(run.status).toBe('failed');

      // Right after, the dead runner's lease on the subscription still holds: nothing is touched twice. (After
      // "charged" the period has already moved on: the subscription is no longer due, only its event is settled.)
      if (step !== 'charged')
        await expect(runRenewals(purchaseDeps(t.app), date)).rejects.toThrow('held by another runner');
      // Two minutes later its lease has run out (played by moving it into the past) and the rerun finishes it.
      await t.app.db
        .update(billingEvents)
        .set({ detail: sql`${billingEvents.detail} || '{"leaseUntil": "2000-01-01T00:00:00Z"}'::jsonb` })
        .where(eq(billingEvents.subscriptionId, s.sub.id));
      expect(await runRenewals(purchaseDeps(t.app), date)).toMatchObject({
        ran: true,
        summary: step === 'charged' ? { renewed: 0, settled: 1 } : { renewed: 1 },
      });
      expect(await eventsOf(s.sub.id)).toEqual([expect.objectContaining({ status: 'done' })]);

      const renewals = await renewalInvoices(s);
      expect(renewals).toHaveLength(1);
      expect(renewals[0].status).toBe('Paid');
      expect(await paymentsOf(renewals[0].id)).toEqual([expect.objectContaining({ status: 'Paid' })]);
      expect((await licenseRow(s.license.id)).expiresAt).toEqual(new Date(s.periodEnd.getTime() + 30 * DAY));
      expect(outbox(s.seller.email)).toHaveLength(2); // purchase + renewal confirmation
    },
  );

  describe('two api instances on one database', () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await buildApp(t.config, { db: t.app.dbHandle });
      await second.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);
    afterAll(async () => second?.close());

    it('run the day once and charge once', async () => {
      const a = await subscriber();
      const b = await subscriber();
      // Both due on b's run date.
      const date = runDate(b, 2);
      const results = await Promise.all([
        runRenewals(purchaseDeps(t.app), date),
        runRenewals(purchaseDeps(second), date),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      for (const s of [a, b]) {
        const renewals = await renewalInvoices(s);
        expect(renewals).toHaveLength(1);
        expect(await paymentsOf(renewals[0].id)).toHaveLength(1);
        expect((await subRow(s.sub.id)).currentPeriodEnd).toEqual(new Date(s.periodEnd.getTime() + 30 * DAY));
      }
    });

    it('charge one period once even when both work on the same subscription at the same moment', async () => {
      const s = await subscriber();
      const [due] = (await listDueRenewals(t.app.db, s.periodEnd)).filter((d) => d.id === s.sub.id);
      const outcomes: RenewalOutcome[] = await Promise.all([
        invoiceAndChargeRenewal(purchaseDeps(t.app), due),
        invoiceAndChargeRenewal(purchaseDeps(second), due),
      ]);
      // The other one found the lease held, or (when the first was quicker) the period already settled.
      expect(outcomes.filter((o) => o === 'renewed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'busy' || o === 'settled-before')).toHaveLength(1);
      const renewals = await renewalInvoices(s);
      expect(renewals).toHaveLength(1);
      expect(await paymentsOf(renewals[0].id)).toHaveLength(1);
      expect((await licenseRow(s.license.id)).expiresAt).toEqual(new Date(s.periodEnd.getTime() + 30 * DAY));
    });
  });

  describe('POST /api/subscription/renewals/run (staff)', () => {
    const run = (who: TestIdentity | null, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/subscription/renewals/run', headers: who?.headers, payload });

    it('runs the day in the api process, once; refuses bad dates, sellers and anonymous calls', async () => {
      const staff = await registerUser(t.app, { email: STAFF_EMAIL });
      const s = await subscriber();
      const date = runDate(s, 2).toISOString().slice(0, 10);
      const res = await run(staff, { date });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ran: true, period: date, summary: { renewed: 1 } });
      expect((await run(staff, { date })).json()).toEqual({ ran: false, period: date, summary: null });
      expect(await renewalInvoices(s)).toHaveLength(1);

      expect((await run(staff, { date: '15.03.2041' })).statusCode).toBe(400);
      expect((await run(staff, { date, extra: 1 })).statusCode).toBe(400);
      const seller = await registerUser(t.app);
      const refused = await run(seller, { date });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ slug: 'forbidden-staff-only' });
      expect((await run(null, { date })).statusCode).toBe(401);
    });
  });
});
