import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runMonthEnd } from './month-end';

/**
 * Every instance looks for due work every `intervalMs`; the job_runs lease makes each run happen once across
 * all instances, so this timer may fire on many of them. 0 switches it off (tests drive the jobs themselves).
 */
export default fp(
  async (app: FastifyInstance, opts: { intervalMs: number }) => {
    if (!opts.intervalMs) return;
    const tick = async () => {
      try {
        const result = await runMonthEnd(app.db);
        if (result.ran) app.log.info({ job: 'month-end', period: result.period, summary: result.summary }, 'job ran');
      } catch (err) {
        app.log.error({ err }, 'scheduled job failed');
      }
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
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
