import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/schemas';
import { runRenewals } from '../../jobs/renewals';

import { jobRunBody, jobRunResult } from './schemas';
/**
 * Staff run the daily renewals job for a date, in the api process, as the scheduler and `npm run job -w api --
 * renewals --date …` do (once per day across instances). With the embedded PGlite of a running api the command line
 * cannot open the database: this route drives renewals there (demo, e2e).
 */
const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/renewals/run',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['subscription'],
        summary:
          'Staff: run the renewals job as of a date (renews what ends within 3 days, ends cancelled and unpaid ones; a day runs once)',
        body: jobRunBody,
        response: { 200: jobRunResult, ...authErrors },
      },
    },
    async (request) => {
      const outcome = await runRenewals(app, new Date(`${request.body.date}T00:00:00Z`));
      return { ran: outcome.ran, period: outcome.period, summary: outcome.ran ? outcome.summary : null };
    },
  );
};

export default renewalRoutes;
