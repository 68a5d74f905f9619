import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purchaseDeps } from '../modules/purchase';
import { runCheckoutExpiry } from './checkout-expiry';
import { runMonthEnd } from './month-end';
import { runRenewals } from './renewals';
import { refreshStatistics } from './statistics';

/**
 * Every instance looks for due work every `intervalMs`; the job_runs lease makes each run happen once across
 * all instances, so this timer may fire on many of them. 0 switches it off (tests drive the jobs themselves).
 * The first look happens once the api listens: a renewal's automatic charge reaches the payment webhook over HTTP.
 */
export default fp(
  async (app: FastifyInstance, opts: { intervalMs: number }) => {
    if (!opts.intervalMs) return;
    const jobs = [
      { name: 'renewals', run: () => runRenewals(purchaseDeps(app)) },
      { name: 'month-end', run: () => runMonthEnd(app.db) },
      { name: 'checkout-expiry', run: () => runCheckoutExpiry(app.db) },
      ...(app.dbHandle.driver === 'pglite' ? [{ name: 'statistics', run: () => refreshStatistics(app.db) }] : []),
    ];
    let running = false;
    const tick = async () => {
      if (running) return; // the previous tick is still at work on this instance
      running = true;
      try {
        for (const job of jobs) {
          try {
            const result = await job.run();
            if (result.ran) app.log.info({ job: job.name, period: result.period, summary: result.summary }, 'job ran');
          } catch (err) {
            app.log.error({ err, job: job.name }, 'scheduled job failed');
          }
        }
      } finally {
        running = false;
      }
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onListen', async () => {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), opts.intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'scheduler', dependencies: ['db'] },
);
