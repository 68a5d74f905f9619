import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingOveragesSchema, subscriptionStandingSchema, type SubscriptionStanding } from '@portal/shared/domain';
import { z } from 'zod';
import { authErrors } from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { currentUser, forbidSubUser, ownerIdFor } from '../../plugins/identity';
import {
  cancelAtPeriodEnd,
  findOwnedSubscription,
  listOveragePending,
  resumeCancelled,
  type CancelResult,
  type ResumeResult,
} from './repository';

/** The `:id` of the subscription routes (also of the overage approval, which the purchase module serves). */
export const subscriptionIdParams = z.object({ id: z.uuid({ error: 'id must be a subscription id' }) });

const notFound = () => new HttpError(404, 'subscription-not-found', 'Subscription not found');

/** What cancelling and undoing it answer: the subscription's standing, or 404 / 409 as the repository found it. */
function standingOf(result: CancelResult | ResumeResult, cancelAtPeriodEnd: boolean): SubscriptionStanding {
  if (result.kind === 'not-found') throw notFound();
  if (result.kind === 'not-active') {
    throw new HttpError(409, 'subscription-not-active', `The subscription is ${result.status}, not active`);
  }
  return {
    id: result.id,
    status: result.status,
    cancelAtPeriodEnd,
    currentPeriodEnd: result.currentPeriodEnd?.toISOString() ?? null,
  };
}

/**
 * /api/subscription: the pending overages of the banner and cancelling. Under the same prefix the purchase module
 * serves the overage approval (it invoices and charges) and the jobs serve their staff run routes.
 */
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

  /** A seller's change to whether one of its subscriptions ends at its period end; answers its standing. */
  const standingRoute = (summary: string) => ({
    preHandler: app.requireUser,
    schema: {
      tags: ['subscription'],
      summary,
      params: subscriptionIdParams,
      response: { 200: subscriptionStandingSchema, ...authErrors },
    },
  });

  app.post(
    '/:id/cancel',
    standingRoute('Cancel a subscription at the end of its period (it stays usable until then; twice = once)'),
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'cancel a subscription');
      // The provider stops billing first (PayPal: suspended until the period ends, so the seller may still undo);
      // when it cannot be reached nothing changes here and the seller is told (502).
      const row = await findOwnedSubscription(app.db, request.params.id, user.id);
      if (row?.providerRef && row.status === 'Active' && !row.cancelAtPeriodEnd) {
        await app.paymentProvider.suspendSubscription(row.providerRef, 'The seller cancelled at the end of the period');
      }
      return standingOf(await cancelAtPeriodEnd(app.db, user.id, request.params.id), true);
    },
  );

  app.post(
    '/:id/resume',
    standingRoute('Undo "cancel at period end" while the period lasts: the subscription renews again (twice = once)'),
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'resume a subscription');
      const row = await findOwnedSubscription(app.db, request.params.id, user.id);
      if (!row) throw notFound();
      const over = row.currentPeriodEnd !== null && row.currentPeriodEnd <= new Date();
      if (row.status !== 'Active' || over) {
        throw new HttpError(409, 'subscription-not-active', `The subscription is ${over ? 'over' : row.status}`);
      }
      if (row.providerRef && row.cancelAtPeriodEnd) {
        const state = await app.paymentProvider.resumeSubscription(
          row.providerRef,
          'The seller undid the cancellation',
        );
        if (state === 'ended') {
          throw new HttpError(409, 'subscription-not-active', 'The payment provider has ended this subscription');
        }
      }
      return standingOf(await resumeCancelled(app.db, user.id, request.params.id), false);
    },
  );
};

export default subscriptionRoutes;
