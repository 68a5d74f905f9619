import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/schemas';
import { invalidField } from '../../lib/http-error';
import { runMonthEnd } from '../../jobs/month-end';

/**
 * Staff run the month-end job for a date, in the api process, as the scheduler and `npm run job -w api -- month-end
 * --date …` do (once per closed month across instances). The command line needs the database to itself, which an
 * embedded PGlite held by a running api is not: this route is the way to drive a month end there (the e2e journeys).
 */
const monthEndRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/month-end/run',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['subscription'],
        summary: 'Staff: run the month-end job as of a date (closes the month before it; a closed month runs once)',
        body: z.object({ date: z.iso.date({ error: 'date must be YYYY-MM-DD' }) }).strict(),
        response: {
          200: z.object({
            ran: z.boolean(),
            period: z.string(),
            summary: z.record(z.string(), z.unknown()).nullable(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const date = new Date(`${request.body.date}T00:00:00Z`);
      if (date.getTime() > Date.now()) {
        throw invalidField(
          'date',
          'validation_field_invalid',
          'date must not be in the future (the month is not over)',
        );
      }
      const outcome = await runMonthEnd(app.db, date);
      const summary = 'summary' in outcome ? (outcome.summary as Record<string, unknown> | null) : null;
      return { ran: outcome.ran, period: outcome.period, summary: summary ?? null };
    },
  );
};

export default monthEndRoutes;
