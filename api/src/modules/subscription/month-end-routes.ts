import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors } from '../../lib/schemas';
import { invalidField } from '../../lib/http-error';
import { runMonthEnd } from '../../jobs/month-end';

import { jobRunBody, jobRunResult } from './schemas';
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
        body: jobRunBody,
        response: { 200: jobRunResult, ...authErrors },
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
