import { eq } from 'drizzle-orm';
import { billingEvents, jobRuns, subscriptions } from '../src/db/schema';
import { claimRun, INSTANCE_ID } from '../src/jobs/job-lease';
import { closedMonth, runMonthEnd } from '../src/jobs/month-end';
import { recordUsage } from '../src/modules/license/usage';
import { createTestApp, registerUser, type TestApp } from './helpers';
import { activeSubscription } from './payment/purchase-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

// Each test closes its own month, so runs of earlier tests never count as "already done".
let year = 2030;
function nextMonthEnd() {
  year += 1;
  return { now: new Date(`${year}-12-01T03:00:00Z`), month: `${year}-11` };
}

/** A seller with an active fresh_desk subscription (Economical: 2000 emails included, 5 € a block). */
async function subscriber(opts: { consent: boolean; productId?: string; extraEmails?: number }) {
  const seller = await registerUser(t.app);
  const running = await activeSubscription(t.app, seller, opts.productId ?? 'fresh_desk-economical-monthly', {
    auto_upgrade_consent: opts.consent,
    extra_email_count: opts.extraEmails ?? 0,
  });
  return { seller, ...running };
}

const pendingOf = async (who: Awaited<ReturnType<typeof subscriber>>) =>
  (await t.app.inject({ url: '/api/subscription/overage/pending', headers: who.seller.headers })).json();
const subRow = async (id: string) => (await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const eventsOf = (id: string) => t.app.db.select().from(billingEvents).where(eq(billingEvents.subscriptionId, id));

describe('month-end job', () => {
  it('closes the month before the run date', () => {
    expect(closedMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-11');
    expect(closedMonth(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12');
  });

  it('turns usage above the plan into a pending overage with consent, once, capped at 45 €', async () => {
    const { now, month } = nextMonthEnd();
    const below = await subscriber({ consent: true });
    const above = await subscriber({ consent: true });
    const huge = await subscriber({ consent: true });
    const bought = await subscriber({ consent: true, extraEmails: 3000 });
    await recordUsage(t.app.db, below.license.id, month, 2000);
    await recordUsage(t.app.db, above.license.id, month, 4500); // 2500 over → 3 blocks × 5 €
    await recordUsage(t.app.db, huge.license.id, month, 500_000);
    await recordUsage(t.app.db, bought.license.id, month, 5000); // 5000 included

    const result = await runMonthEnd(t.app.db, now);
    expect(result).toMatchObject({ ran: true, period: month });

    expect(await pendingOf(below)).toEqual({ subscriptions_to_approve: [] });
    expect(await pendingOf(bought)).toEqual({ subscriptions_to_approve: [] });
    expect(await pendingOf(above)).toEqual({ subscriptions_to_approve: [{ id: above.sub.id }] });
    expect((await subRow(above.sub.id)).overageAmount).toBe(1500);
    expect((await subRow(huge.sub.id)).overageAmount).toBe(4500);
    expect(await eventsOf(huge.sub.id)).toEqual([
      expect.objectContaining({ kind: 'overage', period: month, status: 'pending', amountCents: 4500 }),
    ]);

    // The same month again (another instance, a second timer tick): nothing runs, nothing doubles.
    expect(await runMonthEnd(t.app.db, now)).toMatchObject({ ran: false });
    expect((await subRow(above.sub.id)).overageAmount).toBe(1500);
  });

  it('records but does not ask for money without the auto-upgrade consent', async () => {
    const { now, month } = nextMonthEnd();
    const seller = await subscriber({ consent: false });
    await recordUsage(t.app.db, seller.license.id, month, 9000);
    await runMonthEnd(t.app.db, now);
    expect(await pendingOf(seller)).toEqual({ subscriptions_to_approve: [] });
    expect((await subRow(seller.sub.id)).overageAmount).toBe(0);
    expect(await eventsOf(seller.sub.id)).toEqual([expect.objectContaining({ status: 'skipped', amountCents: 3500 })]);
  });

  it('charges a yearly plan the monthly share of its block price', async () => {
    const { now, month } = nextMonthEnd();
    const yearly = await subscriber({ consent: true, productId: 'fresh_desk-economical-yearly' });
    await recordUsage(t.app.db, yearly.license.id, month, 3001); // 2 blocks × (6000 / 12)
    await runMonthEnd(t.app.db, now);
    expect((await subRow(yearly.sub.id)).overageAmount).toBe(1000);
  });

  it('resumes a run whose instance died mid-way without recording anything twice', async () => {
    const { now, month } = nextMonthEnd();
    const first = await subscriber({ consent: true });
    const second = await subscriber({ consent: true });
    await recordUsage(t.app.db, first.license.id, month, 3000);
    await recordUsage(t.app.db, second.license.id, month, 3000);
    // A crashed instance: it claimed the run, recorded the first subscription, and stopped renewing its lease.
    await t.app.db.insert(jobRuns).values({
      job: 'month-end',
      period: month,
      status: 'running',
      owner: 'dead-instance',
      leaseUntil: new Date(Date.now() - 1000),
      startedAt: new Date(Date.now() - 120_000),
    });
    await t.app.db
      .insert(billingEvents)
      .values({ subscriptionId: first.sub.id, kind: 'overage', period: month, status: 'pending', amountCents: 500 });
    await t.app.db
      .update(subscriptions)
      .set({ overagePending: true, overageAmount: 500 })
      .where(eq(subscriptions.id, first.sub.id));

    const result = await runMonthEnd(t.app.db, now);
    expect(result).toMatchObject({ ran: true });
    expect((await subRow(first.sub.id)).overageAmount).toBe(500);
    expect((await subRow(second.sub.id)).overageAmount).toBe(500);
    const [run] = await t.app.db.select().from(jobRuns).where(eq(jobRuns.period, month));
    expect(run).toMatchObject({ status: 'done', owner: INSTANCE_ID, attempts: 2 });
  });

  it('does not take over a run another instance is still holding', async () => {
    const { now, month } = nextMonthEnd();
    await t.app.db.insert(jobRuns).values({
      job: 'month-end',
      period: month,
      status: 'running',
      owner: 'busy-instance',
      leaseUntil: new Date(Date.now() + 30_000),
    });
    expect(await claimRun(t.app.db, 'month-end', month)).toBeNull();
    expect(await runMonthEnd(t.app.db, now)).toMatchObject({ ran: false });
  });

  it('runs once when several runners start together', async () => {
    const { now, month } = nextMonthEnd();
    const seller = await subscriber({ consent: true });
    await recordUsage(t.app.db, seller.license.id, month, 2500);
    const results = await Promise.all(Array.from({ length: 5 }, () => runMonthEnd(t.app.db, now)));
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect((await subRow(seller.sub.id)).overageAmount).toBe(500);
  });
});
