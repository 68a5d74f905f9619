// The subscription lifecycle model with PAYMENT_PROVIDER=paypal against the project's PayPal simulator: PayPal bills
// each cycle itself (PAYMENT.SALE.COMPLETED, or BILLING.SUBSCRIPTION.PAYMENT.FAILED), the renewals job only issues
// the period's invoice and ends what was cancelled, cancel at period end suspends the PayPal subscription and undo
// activates it, and PayPal's events are delivered again. fast-check draws the sequences; after every step the
// database and the api as the seller sees it must agree with the model: payments received = numbered invoices = what
// the model charged, one live subscription, the license valid exactly when its period is paid or in grace, and
// gap-free invoice numbers. A subscription the portal ended is never charged again (the simulator refuses the cycle
// of a subscription that is not ACTIVE, and the model charges nothing then). FC_NUM_RUNS (default 10), FC_SEED.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { isLicenseValid, type License } from '@portal/shared/domain';
import { invoices, jobRuns, licenses, payments, subscriptions } from '../src/db/schema';
import { RENEWALS_JOB, runRenewals } from '../src/jobs/renewals';
import { checkLicense } from '../src/modules/license/check/service';
import { purchaseDeps } from '../src/modules/purchase';
import type { TestIdentity } from './helpers';
import { commandsCheckedBy, expectGapFreeInvoiceNumbers, postCancellation } from './lifecycle-fixtures';
import { buy, buyer, FRESH_DESK_MONTHLY } from './payment/purchase-helpers';
import { usePayPalShop } from './payment/paypal-shop';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 10);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const DAY = 86_400_000;
const PERIOD = 30 * DAY;
const GRACE_DAYS = 14;

const shop = usePayPalShop({
  PAYMENT_GRACE_DAYS: String(GRACE_DAYS),
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_STRICT_MAX: '1000000',
  PAYMENT_WEBHOOK_MAX: '1000000',
});
let price: number;
beforeAll(async () => {
  const pricer = await buyer(shop.app);
  const quote = await shop.app.inject({
    method: 'POST',
    url: '/api/invoice/quote',
    headers: pricer.headers,
    payload: FRESH_DESK_MONTHLY,
  });
  price = quote.json().grossCents;
}, 120_000);

type SubStatus = 'Active' | 'Inactive' | 'Expired' | 'Cancelled';

interface ModelSub {
  id: string;
  paypalId: string;
  licenseId: string;
  status: SubStatus;
  cancelAtPeriodEnd: boolean;
  periodEnd: number;
  graceUntil: number | null;
  /** A failed cycle's renewal invoice is open (Pay now). */
  renewalOpen: boolean;
  /** Whether PayPal bills it: suspended by a cancel at period end (or a failed cycle), cancelled at the end. */
  billing: 'ACTIVE' | 'SUSPENDED' | 'CANCELLED';
  licenseActive: boolean;
}

interface Model {
  offset: number;
  sub: ModelSub | null;
  charges: number;
  /** Event ids PayPal sent, to deliver again. */
  events: string[];
}

interface Real {
  seller: TestIdentity;
}

const nowOf = (m: Model) => new Date(Date.now() + m.offset);
const modelValid = (s: ModelSub, now: number) =>
  s.licenseActive && (now < s.periodEnd || (s.graceUntil != null && now < s.graceUntil));

async function checkInvariants(m: Model, r: Real) {
  const now = nowOf(m);
  const uid = r.seller.uid;
  const db = shop.app.db;
  const pays = await db
    .select({ status: payments.status, amount: payments.amountCents })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.userId, uid));
  const received = pays.filter((p) => p.status === 'Paid').reduce((s, p) => s + p.amount, 0);
  const numbered = await db
    .select({ amount: invoices.amount })
    .from(invoices)
    .where(and(eq(invoices.userId, uid), isNotNull(invoices.invoiceNumber)));
  const invoiced = numbered.reduce((s, i) => s + i.amount, 0);
  const charged = m.charges * price;
  expect({ received, invoiced }).toEqual({ received: charged, invoiced: charged });

  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, uid));
  expect(subs.filter((s) => s.status === 'Active' || s.status === 'Inactive').length).toBeLessThanOrEqual(1);
  expect(subs.length).toBe(m.sub ? 1 : 0);
  if (!m.sub) return;
  const s = m.sub;
  expect(subs[0]).toMatchObject({ id: s.id, status: s.status, cancelAtPeriodEnd: s.cancelAtPeriodEnd });
  expect(subs[0].currentPeriodEnd?.getTime()).toBe(s.periodEnd);
  expect((await shop.sim.subscription(s.paypalId)).status).toBe(s.billing);

  const res = await shop.app.inject({ url: '/api/license/all', headers: r.seller.headers });
  const license = (res.json().items as License[]).find((l) => l.id === s.licenseId)!;
  const expected = modelValid(s, now.getTime());
  expect(isLicenseValid(license, now)).toBe(expected);
  const check = await checkLicense(
    db,
    { key: license.key, plugin: 'fresh_desk', identifier: { type: 'email', value: r.seller.email } },
    now,
  );
  expect(check.valid).toBe(expected);

  await expectGapFreeInvoiceNumbers(db);
}

const command = commandsCheckedBy(checkInvariants);

/** Bought on the simulator's approval page; the first sale issues license, invoice and subscription. */
const subscribe = command(
  'subscribe',
  (m) => m.sub == null,
  async (m, r) => {
    const bought = await buy(shop.app, r.seller, FRESH_DESK_MONTHLY);
    const back = new URL(await shop.sim.decide(bought.payment_url, 'approve'));
    const paypalId = back.searchParams.get('subscription_id')!;
    const sale = await shop.sim.delivered('PAYMENT.SALE.COMPLETED', paypalId);
    m.events.push(sale.id);
    expect((await shop.app.inject({ url: `${back.pathname}${back.search}` })).statusCode).toBe(200);
    const [sub] = await shop.app.db.select().from(subscriptions).where(eq(subscriptions.userId, r.seller.uid));
    const [paid] = await shop.app.db
      .select({ paidAt: payments.paidAt })
      .from(payments)
      .where(and(eq(payments.invoiceId, bought.invoice_id), inArray(payments.status, ['Paid'])));
    expect(sub.currentPeriodEnd!.getTime()).toBe(paid.paidAt!.getTime() + PERIOD);
    m.charges += 1;
    m.sub = {
      id: sub.id,
      paypalId,
      licenseId: sub.licenseId!,
      status: 'Active',
      cancelAtPeriodEnd: false,
      periodEnd: sub.currentPeriodEnd!.getTime(),
      graceUntil: null,
      renewalOpen: false,
      billing: 'ACTIVE',
      licenseActive: true,
    };
  },
);

/** PayPal bills the next cycle now (or fails to): only an ACTIVE PayPal subscription is billed. */
const cycle = (outcome: 'success' | 'failure') =>
  command(
    `cycle(${outcome})`,
    (m) => m.sub != null,
    async (m) => {
      const s = m.sub!;
      const res = await shop.sim.call('POST', `/v1/simulator/subscriptions/${s.paypalId}/cycle`, { outcome });
      if (s.billing !== 'ACTIVE') {
        expect(res.status).toBe(422);
        return;
      }
      expect(res.status).toBe(200);
      const events = res.body.events as { id: string; status: number }[];
      m.events.push(...events.map((e) => e.id));
      if (outcome === 'success') {
        m.charges += 1;
        s.periodEnd += PERIOD;
        return;
      }
      // A failed cycle: the renewal unpaid, the license in its payment grace; PayPal suspends after one failure.
      s.status = 'Inactive';
      s.graceUntil = s.periodEnd + GRACE_DAYS * DAY;
      s.renewalOpen = true;
      s.billing = 'SUSPENDED';
    },
  )();

const redeliver = (pick: number) =>
  command(
    `redeliver(${pick})`,
    (m) => m.events.length > 0,
    async (m) => {
      const res = await shop.sim.call('POST', '/v1/simulator/webhooks/redeliver', {
        event_id: m.events[pick % m.events.length],
      });
      expect(res.status).toBe(200);
      expect(res.body.delivery.status).toBe(200);
    },
  )();

/** The clock moves on; the renewals job issues the period's invoice (PayPal bills it) and ends what is over. */
const advance = (days: number) =>
  command(
    `advance(${days}d)`,
    () => true,
    async (m) => {
      m.offset += days * DAY;
      const now = nowOf(m).getTime();
      const s = m.sub;
      if (s?.status === 'Active' && s.cancelAtPeriodEnd && s.periodEnd <= now) {
        s.status = 'Cancelled';
        s.licenseActive = false;
        s.billing = 'CANCELLED';
      }
      if (s?.status === 'Inactive' && (s.graceUntil ?? s.periodEnd) <= now) s.status = 'Expired';
      await shop.app.db.delete(jobRuns).where(eq(jobRuns.job, RENEWALS_JOB));
      expect(await runRenewals(purchaseDeps(shop.app), nowOf(m))).toMatchObject({ ran: true });
    },
  )();

/**
 * Pay now: the open renewal invoice paid as a one-off PayPal order on the simulator's page, in the grace or after it;
 * the license runs one more period from the old end, and PayPal's subscription, suspended by the failure, bills
 * again (its plan does not bill the failed amount a second time).
 */
const payLate = command(
  'payLate',
  (m) => m.sub?.renewalOpen === true,
  async (m, r) => {
    const s = m.sub!;
    const listed = await shop.app.inject({ url: '/api/license/all', headers: r.seller.headers });
    const license = (listed.json().items as License[]).find((l) => l.id === s.licenseId)!;
    const url = license.subscription?.renewalInvoice?.paymentUrl;
    expect(url).toBeTruthy();
    const back = new URL(await shop.sim.decide(url!, 'approve'));
    expect((await shop.app.inject({ url: `${back.pathname}${back.search}` })).statusCode).toBe(200);
    m.charges += 1;
    s.periodEnd += PERIOD;
    s.graceUntil = null;
    s.renewalOpen = false;
    s.status = 'Active';
    if (s.billing === 'SUSPENDED' && !s.cancelAtPeriodEnd) s.billing = 'ACTIVE';
  },
);

const cancel = command(
  'cancel',
  (m) => m.sub != null,
  async (m, r) => {
    const s = m.sub!;
    if (!(await postCancellation(shop.app, r.seller, s.id, 'cancel', s.status === 'Active'))) return;
    s.cancelAtPeriodEnd = true;
    s.billing = 'SUSPENDED';
  },
);

const resume = command(
  'resume',
  (m) => m.sub != null,
  async (m, r) => {
    const s = m.sub!;
    if (!(await postCancellation(shop.app, r.seller, s.id, 'resume', s.status === 'Active'))) return;
    if (s.cancelAtPeriodEnd) s.billing = 'ACTIVE';
    s.cancelAtPeriodEnd = false;
  },
);

const commands = [
  fc.constant(null).map(subscribe),
  fc.constantFrom<'success' | 'failure'>('success', 'success', 'failure').map(cycle),
  fc.nat().map(redeliver),
  fc.constantFrom(1, 3, 10, 20).map(advance),
  fc.constant(null).map(payLate),
  fc.constant(null).map(payLate),
  fc.constant(null).map(cancel),
  fc.constant(null).map(resume),
];

describe('subscription lifecycle model with PayPal', () => {
  it(
    'random sequences of subscribing, PayPal cycles, redelivered events, the renewals job, cancelling and undoing keep money, licenses and numbers consistent',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 25, size: 'max' }), async (cmds) => {
          const seller = await buyer(shop.app);
          const model: Model = { offset: 0, sub: null, charges: 0, events: [] };
          const real: Real = { seller };
          try {
            await subscribe().run(model, real);
            await fc.asyncModelRun(() => ({ model, real }), cmds);
          } finally {
            // Later sequences start at the real clock again: this seller's subscription must not renew in them.
            await shop.app.db
              .update(subscriptions)
              .set({ status: 'Expired' })
              .where(eq(subscriptions.userId, seller.uid));
            await shop.app.db.update(licenses).set({ status: 'inactive' }).where(eq(licenses.userId, seller.uid));
          }
        }),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: false },
      );
    },
    30 * 60_000,
  );
});
