import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overageApprovalSchema, pendingOveragesSchema, SUBSCRIPTION_STATUSES } from '@portal/shared/domain';
import { z } from 'zod';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { HttpError, invalidField } from '../../lib/http-error';
import { currentUser, forbidSubUser, ownerIdFor } from '../../plugins/identity';
import type { RunOutcome } from '../../jobs/job-lease';
import { runMonthEnd } from '../../jobs/month-end';
import { runRenewals } from '../../jobs/renewals';
import { approveOverage } from './service';
import { cancelAtPeriodEnd, listOveragePending } from './repository';

/** The `:id` of the subscription routes. */
const subscriptionIdParams = z.object({ id: z.uuid({ error: 'id must be a subscription id' }) });

/** Body and answer of the staff job routes (POST /renewals/run, /month-end/run). */
const jobRunBody = z.object({ date: z.iso.date({ error: 'date must be YYYY-MM-DD' }) }).strict();
const jobRunResult = z.object({
  ran: z.boolean(),
  period: z.string(),
  summary: z.record(z.string(), z.unknown()).nullable(),
});

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overage/pending',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Active subscriptions of the account whose overage waits for approval',
        response: { 200: pendingOveragesSchema, ...authErrors },
      },
    },
    async (request) => {
      const rows = await listOveragePending(app.db, ownerIdFor(currentUser(request)));
      return { subscriptions_to_approve: rows };
    },
  );

  /** POST /subscription/{id}/overage/approve (spec §7): the provider's page where the seller approves the charge. */
  app.post(
    '/:id/overage/approve',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscription'],
        summary: "Approve a subscription's pending overage: answers the provider's approval page",
        description:
          'The pending months become one invoice (net overage + VAT of the buyer). `approval_url` is the sandbox ' +
          "consent page (PAYMENT_PROVIDER=sandbox) or PayPal's approval link; after approving or cancelling there the " +
          'browser returns to `/dashboard?overage_approval_result=true|false`. Approving again before paying returns ' +
          'the same page (one invoice, one charge); after paying it answers 409 `overage-not-pending`.',
        params: subscriptionIdParams,
        response: { 200: overageApprovalSchema, ...authErrors, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'approve an overage');
      const { approvalUrl } = await approveOverage(app, request.log, user, request.params.id);
      return { approval_url: approvalUrl };
    },
  );

  app.post(
    '/:id/cancel',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Cancel a subscription at the end of its period (it stays usable until then; twice = once)',
        params: subscriptionIdParams,
        response: {
          200: z.object({
            id: z.string(),
            status: z.enum(SUBSCRIPTION_STATUSES),
            cancelAtPeriodEnd: z.literal(true),
            currentPeriodEnd: z.string().nullable(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'cancel a subscription');
      const result = await cancelAtPeriodEnd(app.db, user.id, request.params.id);
      if (result.kind === 'not-found') throw new HttpError(404, 'subscription-not-found', 'Subscription not found');
      if (result.kind === 'not-active') {
        throw new HttpError(409, 'subscription-not-active', `The subscription is ${result.status}, not active`);
      }
      return {
        id: result.id,
        status: result.status,
        cancelAtPeriodEnd: true as const,
        currentPeriodEnd: result.currentPeriodEnd?.toISOString() ?? null,
      };
    },
  );

  // Staff run the billing jobs for a date in the api process, as the scheduler and `npm run job -w api -- <job>
  // --date …` do (once per period across instances). The command line needs the database to itself, which an
  // embedded PGlite held by a running api is not: these routes drive the jobs there (demo, e2e journeys).
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
    (date) => runRenewals(app, date),
  );
};

export default subscriptionRoutes;
