// Staff run the billing jobs for a date in the api process, as the scheduler and `npm run job -w api -- <job>
// --date …` do (once per period across instances). The command line needs the database to itself, which an
// embedded PGlite held by a running api is not: these routes drive the jobs there (demo, e2e journeys). Served
// under /api/subscription (registered in modules/index.ts), where the portal has always called them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField } from '../lib/http-error';
import { authErrors } from '../lib/schemas';
import { purchaseDeps } from '../modules/purchase';
import type { RunOutcome } from './job-lease';
import { runMonthEnd } from './month-end';
import { runRenewals } from './renewals';

/** Body and answer of the staff job routes (POST /renewals/run, /month-end/run). */
const jobRunBody = z.object({ date: z.iso.date({ error: 'date must be YYYY-MM-DD' }) }).strict();
const jobRunResult = z.object({
  ran: z.boolean(),
  period: z.string(),
  summary: z.record(z.string(), z.unknown()).nullable(),
});

const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobRoute = (url: string, summary: string, run: (date: Date) => Promise<RunOutcome & { period: string }>) =>
    app.post(
      url,
      {
        preHandler: app.requireStaff,
        schema: { tags: ['subscription'], summary, body: jobRunBody, response: { 200: jobRunResult, ...authErrors } },
      },
      async (request) => {
        const outcome = await run(new Date(`${request.body.date}T00:00:00Z`));
        return { ran: outcome.ran, period: outcome.period, summary: outcome.ran ? outcome.summary : null };
      },
    );

  jobRoute(
    '/month-end/run',
    'Staff: run the month-end job as of a date (closes the month before it; a closed month runs once)',
    async (date) => {
      if (date.getTime() > Date.now()) {
        throw invalidField(
          'date',
          'validation_field_invalid',
          'date must not be in the future (the month is not over)',
        );
      }
      return runMonthEnd(app.db, date);
    },
  );
  jobRoute(
    '/renewals/run',
    'Staff: run the renewals job as of a date (renews what ends within 3 days, ends cancelled and unpaid ones; a day runs once)',
    (date) => runRenewals(purchaseDeps(app), date),
  );
};

export default jobRoutes;
