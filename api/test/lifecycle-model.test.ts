// A model test of the whole subscription lifecycle through the sandbox provider: fast-check draws random sequences of
// buying (quote, confirm), paying (signed webhook events, replayed and arriving late), the renewals job on a moved
// clock, declined cycles, paying late, cancelling at period end and undoing it, full refunds and checkouts left to
// expire, applies each to the api and to a small model of what should happen, and after every step checks the
// invariants against the database and against the api as the seller sees it:
// - what the seller paid (payments received, less refunds) equals the sum of the numbered invoices (a cancellation
//   invoice counts negative), and equals what the model charged;
// - at most one live subscription per seller and plugin;
// - a license is valid (the shared rule, and the license check) exactly when the model says its period is paid or in
//   its payment grace; a paid period running now means a working license;
// - invoice numbers are gap-free in every series and year;
// - nothing is charged that the model did not charge (a cancelled or expired subscription is never charged again).
// The api's clock stays real (the emulator's tokens stay valid); the model's clock runs ahead of it by whole days,
// and the jobs (renewals, checkout expiry) are run at the model's time, as tests of those jobs do.
// FC_NUM_RUNS (default 20) and FC_SEED choose how many sequences run and which.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { hasValidLicense, isLicenseValid, type License } from '@portal/shared/domain';
import { invoices, jobRuns, licenses, payments, subscriptions } from '../src/db/schema';
import { RENEWALS_JOB, runRenewals } from '../src/jobs/renewals';
import { expireCheckouts } from '../src/modules/invoice';
import { checkLicense } from '../src/modules/license/check/service';
import { purchaseDeps } from '../src/modules/purchase';
import { signSandboxBody, type SandboxEventBody } from '../src/modules/payment/sandbox-provider';
import {
  COMPLETE_CONTACT,
  completeProfile,
  createTestApp,
  registerUser,
  type TestApp,
  type TestIdentity,
} from './helpers';
import { commandsCheckedBy, expectGapFreeInvoiceNumbers, postCancellation } from './lifecycle-fixtures';
import { SANDBOX_SECRET } from './payment/purchase-helpers';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 20);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const GRACE_DAYS = 14;
const LEAD = 3 * DAY; // RENEWAL_LEAD_DAYS
const CHECKOUT_EXPIRY = 24 * HOUR;

/** The plans a seller chooses from: one plugin, tiers, periods and extras (the first is what the seller buys). */
const PLANS = [
  { product_id: 'fresh_desk-basic-monthly', extra_users_count: 1, period: 30 * DAY },
  { product_id: 'fresh_desk-basic-monthly', extra_users_count: 2, period: 30 * DAY },
  { product_id: 'fresh_desk-economical-monthly', extra_users_count: 1, period: 30 * DAY },
  { product_id: 'fresh_desk-basic-yearly', extra_users_count: 1, period: 365 * DAY },
  { product_id: 'fresh_desk-basic-monthly', extra_users_count: 0, period: 30 * DAY },
] as const;
type Plan = number;
const requestOf = (plan: Plan) => ({
  product_id: PLANS[plan].product_id,
  extra_users_count: PLANS[plan].extra_users_count,
  extra_email_blocks: 0,
  auto_upgrade_consent: true,
});
/** Net and gross of a whole period of each plan, as the api quotes them to a seller without a subscription. */
const prices: { net: number; gross: number }[] = [];
/** Net per day: a plan dearer per day than the current one is an upgrade (at once), any other a change at period end. */
const dailyNet = (plan: Plan) => prices[plan].net / PLANS[plan].period;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
    PAYMENT_GRACE_DAYS: String(GRACE_DAYS),
    // Every request comes from one address, faster than a person clicks.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_STRICT_MAX: '1000000',
    PAYMENT_WEBHOOK_MAX: '1000000',
  });
  // The sandbox's automatic renewal charge delivers its signed event to the webhook over real HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  expect((t.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  const pricer = await registerUser(t.app);
  await completeProfile(t.app, pricer);
  for (const plan of PLANS.keys()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/quote',
      headers: pricer.headers,
      payload: requestOf(plan),
    });
    expect(res.statusCode).toBe(200);
    prices.push({ net: res.json().netCents, gross: res.json().grossCents });
  }
}, 120_000);
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------------------------
// The model

type SubStatus = 'Active' | 'Inactive' | 'Expired' | 'Cancelled';

interface ModelSub {
  id: string;
  licenseId: string;
  /** The plan the license is of (and the next renewal bills, unless a change waits for the period end). */
  plan: Plan;
  /** A cheaper plan chosen to take effect at the period end. */
  scheduled: Plan | null;
  status: SubStatus;
  cancelAtPeriodEnd: boolean;
  /** The end of the paid period (the license's expiry). */
  periodEnd: number;
  /** Set while a declined renewal is open: the license works until then. */
  graceUntil: number | null;
  /** The open (declined) renewal invoice. */
  openRenewal: string | null;
  /** false once the subscription ended at a cancellation (the license is deactivated). */
  licenseActive: boolean;
}

interface ModelPayment {
  ref: string;
  invoiceId: string;
  amount: number;
  /** Refunded in full (its service ended). */
  refunded: boolean;
  /** Given back so far (partial refunds, or all of it). */
  refundedCents: number;
}

interface Model {
  /** How far the model's clock runs ahead of the real one. */
  offset: number;
  decline: boolean;
  /** The open checkout: a purchase of `plan`, or an upgrade of the live subscription to `plan`. */
  checkout: {
    kind: 'purchase' | 'change';
    plan: Plan;
    invoiceId: string;
    ref: string;
    amount: number;
    createdAt: number;
    /** The invoice address it was made for: another one makes a new checkout. */
    decline: boolean;
  } | null;
  subs: ModelSub[];
  /** Payments received (charges), in order. */
  paid: ModelPayment[];
  /**
   * Payments received for an upgrade whose subscription was ended or cancelled meanwhile: kept, never invoiced (the
   * draft reads Expired), due back to the seller.
   */
  voided: { ref: string; invoiceId: string; amount: number }[];
  /** Events delivered, to replay. */
  events: SandboxEventBody[];
}

interface Real {
  seller: TestIdentity;
}

const nowOf = (m: Model) => new Date(Date.now() + m.offset);
const liveSub = (m: Model) => m.subs.find((s) => s.status === 'Active' || s.status === 'Inactive') ?? null;
/** What the seller paid and kept paid: payments received less what went back. */
const charged = (m: Model) => m.paid.reduce((sum, p) => sum + p.amount - p.refundedCents, 0);
/** Payments not refunded in full (status Paid; a partial refund leaves the payment paid). */
const received = (m: Model) =>
  m.paid.reduce((sum, p) => sum + (p.refunded ? 0 : p.amount), 0) + m.voided.reduce((sum, p) => sum + p.amount, 0);
const modelValid = (s: ModelSub, now: number) =>
  s.licenseActive && (now < s.periodEnd || (s.graceUntil != null && now < s.graceUntil));

// ---------------------------------------------------------------------------------------------------------------
// Talking to the api

function signed(body: SandboxEventBody) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxBody(SANDBOX_SECRET, raw) },
    payload: raw,
  });
}

async function sendEvent(m: Model, type: SandboxEventBody['type'], ref: string, amount: number) {
  const body: SandboxEventBody = {
    id: `evt_${crypto.randomUUID()}`,
    type,
    created: new Date().toISOString(),
    resource: { ref, amount_cents: amount, currency: 'EUR' },
  };
  const res = await signed(body);
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  m.events.push(body);
}

const latestPayment = async (invoiceId: string) =>
  (
    await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, invoiceId))
      .orderBy(sql`${payments.createdAt} desc`)
      .limit(1)
  )[0];

const licensesShown = async (r: Real) => {
  const res = await t.app.inject({ url: '/api/license/all', headers: r.seller.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().items as License[]).filter((l) => l.pluginName === 'fresh_desk');
};

/** Runs the jobs at the model's time: the hourly checkout expiry and the daily renewals (once per model day). */
async function runJobs(m: Model, r: Real) {
  const now = nowOf(m);
  await expireCheckouts(t.app.db, now, r.seller.uid);
  // The model's days repeat across runs (each starts at the real clock): the day's lease of an earlier run is gone.
  await t.app.db.delete(jobRuns).where(eq(jobRuns.job, RENEWALS_JOB));
  const outcome = await runRenewals(purchaseDeps(t.app), now);
  expect(outcome).toMatchObject({ ran: true });
}

// ---------------------------------------------------------------------------------------------------------------
// Invariants

async function checkInvariants(m: Model, r: Real) {
  const now = nowOf(m);
  const uid = r.seller.uid;
  const db = t.app.db;

  // Money: payments received = the model's; received less refunded = the numbered invoices (cancellation and
  // correction invoices negative) = what the model charged.
  const pays = await db
    .select()
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.userId, uid));
  const paidIn = pays.filter((p) => p.payments.status === 'Paid').reduce((s, p) => s + p.payments.amountCents, 0);
  const numbered = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, uid), isNotNull(invoices.invoiceNumber)));
  const invoiced = numbered.reduce((s, i) => s + i.amount, 0);
  expect({ received: paidIn, invoiced }).toEqual({ received: received(m), invoiced: charged(m) });
  expect(pays.filter((p) => ['Paid', 'Refunded'].includes(p.payments.status)).length).toBe(
    m.paid.length + m.voided.length,
  );
  for (const v of m.voided) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, v.invoiceId));
    expect(invoice).toMatchObject({ status: 'Expired', invoiceNumber: null });
  }

  // At most one live subscription per seller and plugin.
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, uid));
  expect(subs.filter((s) => s.status === 'Active' || s.status === 'Inactive').length).toBeLessThanOrEqual(1);
  expect(subs.length).toBe(m.subs.length);
  for (const s of m.subs) {
    const row = subs.find((x) => x.id === s.id)!;
    expect({ id: s.id, status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd }).toEqual({
      id: s.id,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    });
    expect(row.currentPeriodEnd?.getTime()).toBe(s.periodEnd);
  }

  // Validity: the shared rule on what the seller is shown, the license check, and the model agree.
  const shown = await licensesShown(r);
  expect(shown.length).toBe(m.subs.length);
  for (const s of m.subs) {
    const license = shown.find((l) => l.id === s.licenseId)!;
    expect({ license: s.licenseId, product: license.productId }).toEqual({
      license: s.licenseId,
      product: PLANS[s.plan].product_id,
    });
    expect(license.licenseTypeDetails.extraOptions?.extra_users_count ?? 0).toBe(PLANS[s.plan].extra_users_count);
    const expected = modelValid(s, now.getTime());
    expect({ license: s.licenseId, valid: isLicenseValid(license, now) }).toEqual({
      license: s.licenseId,
      valid: expected,
    });
    const check = await checkLicense(
      db,
      { key: license.key, plugin: 'fresh_desk', identifier: { type: 'email', value: r.seller.email } },
      now,
    );
    expect({ license: s.licenseId, check: check.valid }).toEqual({ license: s.licenseId, check: expected });
  }

  // A paid (not refunded) period running now means a working license.
  const running = numbered.some(
    (i) =>
      i.kind === 'invoice' &&
      !pays.some((p) => p.invoices.id === i.id && p.payments.status === 'Refunded') &&
      i.servicePeriodStart != null &&
      i.servicePeriodEnd != null &&
      i.servicePeriodStart <= now &&
      now < i.servicePeriodEnd,
  );
  if (running) expect(hasValidLicense(shown, 'fresh_desk', now)).toBe(true);

  await expectGapFreeInvoiceNumbers(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Commands

const withChecks = commandsCheckedBy(checkInvariants);

const quoteAndConfirm = async (r: Real, plan: Plan) => {
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/invoice/quote',
    headers: r.seller.headers,
    payload: requestOf(plan),
  });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: r.seller.headers,
    payload: requestOf(plan),
  });
  return { quote, confirm };
};

/** A new checkout's draft, dated at the model's time so the checkout expiry counts its 24 h on the model's clock. */
async function openCheckout(
  m: Model,
  kind: 'purchase' | 'change',
  plan: Plan,
  body: { invoice_id: string; payment_url: string },
) {
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, body.invoice_id));
  expect(row.invoiceNumber).toBeNull();
  const createdAt = nowOf(m);
  await t.app.db.update(invoices).set({ createdAt }).where(eq(invoices.id, row.id));
  m.checkout = {
    kind,
    plan,
    invoiceId: body.invoice_id,
    ref: body.payment_url.split('/').pop()!,
    amount: row.amount,
    createdAt: createdAt.getTime(),
    decline: m.decline,
  };
}

const openCheckoutOf = (m: Model, kind: 'purchase' | 'change', plan: Plan) =>
  m.checkout?.kind === kind &&
  m.checkout.plan === plan &&
  m.checkout.decline === m.decline &&
  nowOf(m).getTime() < m.checkout.createdAt + CHECKOUT_EXPIRY
    ? m.checkout
    : null;

/** Quote, then confirm the first plan without a live subscription: a new checkout, or the open one again. */
const buy = withChecks(
  'buy',
  (m) => liveSub(m) == null,
  async (m, r) => {
    const { quote, confirm } = await quoteAndConfirm(r, 0);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ grossCents: prices[0].gross, netCents: prices[0].net });
    const open = openCheckoutOf(m, 'purchase', 0);
    expect(confirm.statusCode).toBe(open ? 200 : 201);
    const body = confirm.json() as { invoice_id: string; payment_url: string };
    if (open) {
      expect(body.invoice_id).toBe(open.invoiceId);
      return;
    }
    expect(confirm.json().quote.grossCents).toBe(prices[0].gross);
    await openCheckout(m, 'purchase', 0, body);
  },
);

/**
 * Another plan of the subscribed plugin: an upgrade is a checkout of the prorated difference, any other change waits
 * for the period end; the plan the seller has, an unpaid renewal or a subscription ending are refused.
 */
const choosePlan = (plan: Plan) =>
  withChecks(
    `choosePlan(${plan})`,
    (m) => liveSub(m) != null,
    async (m, r) => {
      const s = liveSub(m)!;
      const { quote, confirm } = await quoteAndConfirm(r, plan);
      const refused =
        plan === s.plan
          ? 'already-subscribed'
          : s.status !== 'Active'
            ? 'renewal-payment-due'
            : s.cancelAtPeriodEnd
              ? 'subscription-ending'
              : null;
      if (refused) {
        expect([quote.statusCode, quote.json().slug]).toEqual([409, refused]);
        expect([confirm.statusCode, confirm.json().slug]).toEqual([409, refused]);
        return;
      }
      expect(quote.statusCode).toBe(200);
      const upgrade = dailyNet(plan) > dailyNet(s.plan);
      expect(quote.json().plan_change).toMatchObject({
        timing: upgrade ? 'now' : 'period_end',
        subscription_id: s.id,
        from_product_id: PLANS[s.plan].product_id,
      });
      if (!upgrade) {
        expect(confirm.statusCode).toBe(202);
        expect(confirm.json().scheduled).toMatchObject({ product_id: PLANS[plan].product_id });
        s.scheduled = plan;
        return;
      }
      const open = openCheckoutOf(m, 'change', plan);
      expect(confirm.statusCode).toBe(open ? 200 : 201);
      const body = confirm.json() as { invoice_id: string; payment_url: string };
      if (open) expect(body.invoice_id).toBe(open.invoiceId);
      else await openCheckout(m, 'change', plan, body);
    },
  )();

/** The seller pays the checkout: its signed PAYMENT.COMPLETED (an expired checkout's page sends nothing). */
const pay = withChecks(
  'pay',
  (m) => m.checkout != null,
  async (m, r) => {
    const c = m.checkout!;
    if (nowOf(m).getTime() >= c.createdAt + CHECKOUT_EXPIRY) {
      const page = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${c.ref}/pay` });
      expect(page.statusCode).toBeLessThan(500);
      return;
    }
    await sendEvent(m, 'PAYMENT.COMPLETED', c.ref, c.amount);
    m.checkout = null;
    const changed = c.kind === 'change' ? liveSub(m) : null;
    if (c.kind === 'change' && (changed?.status !== 'Active' || changed.cancelAtPeriodEnd)) {
      // The subscription it would change has ended or is ending: the money is not settled and the plan stays.
      m.voided.push({ ref: c.ref, invoiceId: c.invoiceId, amount: c.amount });
      return;
    }
    m.paid.push({ ref: c.ref, invoiceId: c.invoiceId, amount: c.amount, refunded: false, refundedCents: 0 });
    if (c.kind === 'change') {
      // The same license becomes one of the new plan at once; the period end stays, a waiting change is dropped.
      const s = liveSub(m)!;
      s.plan = c.plan;
      s.scheduled = null;
      return;
    }
    const [sub] = await t.app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, r.seller.uid), inArray(subscriptions.status, ['Active', 'Inactive'])));
    expect(sub).toBeDefined();
    // The period starts with the payment (the real clock) and lasts one month.
    const paidAt = (await latestPayment(c.invoiceId)).paidAt!.getTime();
    expect(sub.currentPeriodEnd!.getTime()).toBe(paidAt + PLANS[c.plan].period);
    m.subs.push({
      id: sub.id,
      licenseId: sub.licenseId!,
      status: 'Active',
      cancelAtPeriodEnd: false,
      plan: c.plan,
      scheduled: null,
      periodEnd: paidAt + PLANS[c.plan].period,
      graceUntil: null,
      openRenewal: null,
      licenseActive: true,
    });
  },
);

/** A delivered event arrives again (a provider's retry, or late behind newer ones): nothing changes. */
const replay = (pick: number) =>
  withChecks(
    `replay(${pick})`,
    (m) => m.events.length > 0,
    async (m) => {
      const body = m.events[pick % m.events.length];
      const res = await signed(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ duplicate: true });
    },
  )();

/** The payment page's Cancel arriving after the payment went through: a paid payment stays paid. */
const lateCancel = (pick: number) =>
  withChecks(
    `lateCancel(${pick})`,
    (m) => m.paid.length > 0,
    async (m) => {
      const p = m.paid[pick % m.paid.length];
      await sendEvent(m, 'PAYMENT.CANCELLED', p.ref, p.amount);
    },
  )();

/** The model's clock moves on by whole days (or a bit more than a day), and the jobs run at the new time. */
const advance = (ms: number) =>
  withChecks(
    `advance(${ms / HOUR}h)`,
    () => true,
    async (m, r) => {
      m.offset += ms;
      const now = nowOf(m).getTime();
      // The jobs' effects, in the renewals job's order.
      for (const s of m.subs) {
        if (s.status === 'Active' && s.cancelAtPeriodEnd && s.periodEnd <= now) {
          s.status = 'Cancelled';
          s.licenseActive = false;
        }
        if (s.status === 'Inactive' && (s.graceUntil ?? s.periodEnd) <= now) s.status = 'Expired';
      }
      const due = m.subs.find((s) => s.status === 'Active' && !s.cancelAtPeriodEnd && s.periodEnd <= now + LEAD);
      await runJobs(m, r);
      if (!due) return;
      // A change that waited for the period end takes effect with the renewal that bills it.
      if (due.scheduled != null) {
        due.plan = due.scheduled;
        due.scheduled = null;
      }
      const [renewal] = await t.app.db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.userId, r.seller.uid),
            sql`${invoices.purchase}->>'renewal_of_subscription_id' = ${due.id}`,
            eq(invoices.servicePeriodStart, new Date(due.periodEnd)),
          ),
        );
      const [failed] = m.decline
        ? await t.app.db
            .select()
            .from(invoices)
            .where(
              and(
                eq(invoices.userId, r.seller.uid),
                sql`${invoices.purchase}->>'renewal_of_subscription_id' = ${due.id}`,
                eq(invoices.status, 'Failed'),
              ),
            )
        : [];
      if (m.decline) {
        expect(failed).toMatchObject({ invoiceNumber: null, amount: prices[due.plan].gross });
        due.status = 'Inactive';
        due.graceUntil = due.periodEnd + GRACE_DAYS * DAY;
        due.openRenewal = failed.id;
        return;
      }
      expect(renewal).toMatchObject({ status: 'Paid', amount: prices[due.plan].gross });
      const payment = await latestPayment(renewal.id);
      m.paid.push({
        ref: payment.providerRef!,
        invoiceId: renewal.id,
        amount: renewal.amount,
        refunded: false,
        refundedCents: 0,
      });
      due.periodEnd += PLANS[due.plan].period;
    },
  )();

/** The seller's invoice address makes the sandbox decline (or charge again) the automatic renewal charge. */
const setDecline = (decline: boolean) =>
  withChecks(
    `setDecline(${decline})`,
    (m) => m.decline !== decline,
    async (m, r) => {
      const local = r.seller.email.split('@')[0].replace(/[^a-z0-9]/gi, '');
      await completeProfile(t.app, r.seller, {
        ...COMPLETE_CONTACT,
        invoiceEmail: decline ? `${local}+decline@test.portal` : '',
      });
      m.decline = decline;
    },
  )();

/** "Pay now" on a declined renewal, in its grace or after it: the license works again from the old period end. */
const payLate = withChecks(
  'payLate',
  (m) => m.subs.some((s) => s.openRenewal != null),
  async (m) => {
    const s = m.subs.find((x) => x.openRenewal != null)!;
    const payment = await latestPayment(s.openRenewal!);
    await sendEvent(m, 'PAYMENT.COMPLETED', payment.providerRef!, payment.amountCents);
    m.paid.push({
      ref: payment.providerRef!,
      invoiceId: s.openRenewal!,
      amount: payment.amountCents,
      refunded: false,
      refundedCents: 0,
    });
    s.openRenewal = null;
    s.graceUntil = null;
    s.periodEnd += PLANS[s.plan].period;
    s.licenseActive = true; // a paid renewal makes the license active again
    // The subscription runs again unless the seller has bought the plan anew meanwhile (refunded by hand then).
    const other = m.subs.some((x) => x !== s && (x.status === 'Active' || x.status === 'Inactive'));
    if (!other) s.status = 'Active';
  },
);

const cancel = withChecks(
  'cancel',
  (m) => m.subs.length > 0,
  async (m, r) => {
    const s = m.subs[m.subs.length - 1];
    if (await postCancellation(t.app, r.seller, s.id, 'cancel', s.status === 'Active')) s.cancelAtPeriodEnd = true;
  },
);

const resume = withChecks(
  'resume',
  (m) => m.subs.length > 0,
  async (m, r) => {
    const s = m.subs[m.subs.length - 1];
    if (await postCancellation(t.app, r.seller, s.id, 'resume', s.status === 'Active')) s.cancelAtPeriodEnd = false;
  },
);

/**
 * The provider refunds what is left of a payment: a cancellation invoice of its own number (a correction invoice
 * when parts went back before), and what it paid ends.
 */
const refundFull = (pick: number) =>
  withChecks(
    `refundFull(${pick})`,
    // Not while a plan change's checkout is open: paying it after its subscription ended is not decided yet.
    (m) => m.paid.some((p) => !p.refunded) && m.checkout?.kind !== 'change',
    async (m) => {
      const open = m.paid.filter((p) => !p.refunded);
      const p = open[pick % open.length];
      await sendEvent(m, 'PAYMENT.REFUNDED', p.ref, p.amount - p.refundedCents);
      p.refunded = true;
      p.refundedCents = p.amount;
      // What the refunded invoice paid ends: its license is deactivated, its subscription (if live) Cancelled.
      const [paidFor] = await t.app.db
        .select({ licenseId: invoices.licenseId })
        .from(invoices)
        .where(eq(invoices.id, p.invoiceId));
      const s = m.subs.find((x) => paidFor?.licenseId != null && x.licenseId === paidFor.licenseId);
      if (!s) return;
      // ... as far as the other invoices of the license, not refunded, pay it: by the api's clock, which the webhook
      // runs on, nothing running now ends the license at once; a paid time that runs on (the purchase's period
      // while a renewal paid ahead went back) ends it there, and nothing renews it.
      const others = await t.app.db
        .select({ end: invoices.servicePeriodEnd })
        .from(invoices)
        .where(
          and(
            eq(invoices.licenseId, s.licenseId),
            eq(invoices.kind, 'invoice'),
            isNotNull(invoices.invoiceNumber),
            sql`${invoices.id} <> ${p.invoiceId}`,
            sql`${invoices.id} IN (SELECT invoice_id FROM payments WHERE status = 'Paid')`,
          ),
        );
      const paidUntil = Math.max(0, ...others.map((o) => o.end!.getTime()));
      const live = s.status === 'Active' || s.status === 'Inactive';
      if (paidUntil <= Date.now()) {
        s.licenseActive = false;
        if (live) {
          s.status = 'Cancelled';
          s.cancelAtPeriodEnd = true;
        }
      } else if (paidUntil < s.periodEnd && live) {
        s.periodEnd = paidUntil;
        s.cancelAtPeriodEnd = true;
      }
    },
  )();

/** The provider refunds a part of a payment: a correction invoice for that part; the license stays. */
const refundPart = (pick: number, share: number) =>
  withChecks(
    `refundPart(${pick}, ${share}%)`,
    (m) => m.paid.some((p) => p.amount - p.refundedCents >= 2),
    async (m) => {
      const open = m.paid.filter((p) => p.amount - p.refundedCents >= 2);
      const p = open[pick % open.length];
      const left = p.amount - p.refundedCents;
      const part = Math.min(left - 1, Math.max(1, Math.round((left * share) / 100)));
      await sendEvent(m, 'PAYMENT.REFUNDED', p.ref, part);
      p.refundedCents += part;
    },
  )();

// Paying and the clock are listed twice: sequences reach renewals, declines and late payments more often.
const advances = fc.constantFrom(DAY, 2 * DAY, 25 * HOUR, 10 * DAY, 20 * DAY).map(advance);
const commands = [
  fc.constant(null).map(buy),
  fc.integer({ min: 0, max: PLANS.length - 1 }).map(choosePlan),
  fc.constant(null).map(pay),
  fc.constant(null).map(pay),
  advances,
  fc.nat().map(replay),
  fc.nat().map(lateCancel),
  advances,
  fc.boolean().map(setDecline),
  fc.constant(null).map(payLate),
  fc.constant(null).map(cancel),
  fc.constant(null).map(resume),
  fc.nat().map(refundFull),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 99 })).map(([pick, share]) => refundPart(pick, share)),
];

describe('subscription lifecycle model', () => {
  it(
    'random sequences of buying, paying, renewing, failing, cancelling and refunding keep money, licenses and numbers consistent',
    async () => {
      await fc.assert(
        // Most sequences start as a subscriber (bought and paid), where most of the lifecycle happens.
        fc.asyncProperty(fc.nat(3), fc.commands(commands, { maxCommands: 40, size: 'max' }), async (start, cmds) => {
          const seller = await registerUser(t.app);
          await completeProfile(t.app, seller);
          const model: Model = {
            offset: 0,
            decline: false,
            checkout: null,
            subs: [],
            paid: [],
            voided: [],
            events: [],
          };
          const real: Real = { seller };
          try {
            if (start > 0) for (const cmd of [buy(), pay()]) await cmd.run(model, real);
            await fc.asyncModelRun(() => ({ model, real }), cmds);
          } finally {
            // Later sequences start at the real clock again: this seller's subscriptions must not renew in them.
            await t.app.db.update(subscriptions).set({ status: 'Expired' }).where(eq(subscriptions.userId, seller.uid));
            await t.app.db.update(licenses).set({ status: 'inactive' }).where(eq(licenses.userId, seller.uid));
          }
        }),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: false },
      );
    },
    30 * 60_000,
  );
});
