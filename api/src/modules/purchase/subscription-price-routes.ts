import { overageApprovalSchema, planChangeWithdrawnSchema, taxBuyerOf } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser } from '../../plugins/identity';
import { subscriptionIdParams } from '../subscription';
import { purchaseDeps } from './deps';
import { approveOverage } from './overage-approval';
import { withdrawPlanChange } from './plan-change-withdrawal';
import { loadContactWithVatCheck } from '../user/profile';

/**
 * The subscription routes that reach the payment provider for a price: POST /api/subscription/{id}/overage/approve
 * (the provider's page where the seller approves the charge of the pending overage) and DELETE
 * /api/subscription/{id}/scheduled-change ("Keep current plan"). Registered under the subscription module's prefix
 * (modules/index.ts): pricing, invoicing and charging are the purchase module's.
 */
const subscriptionPriceRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { approvalUrl } = await approveOverage({ ...purchaseDeps(app), log: request.log }, user, request.params.id);
      return { approval_url: approvalUrl };
    },
  );

  app.delete(
    '/:id/scheduled-change',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Take back the plan change that waits for the period end: the current plan renews again',
        description:
          '409 `no-scheduled-change` when none waits. With PayPal a change it has already approved is revised back ' +
          'to the current plan: `approval_url` is where the seller approves that price again (null: nothing waits).',
        params: subscriptionIdParams,
        response: { 200: planChangeWithdrawnSchema, ...authErrors, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'change a subscription');
      const deps = purchaseDeps(app);
      const contact = await loadContactWithVatCheck(deps, user);
      const { approvalUrl } = await withdrawPlanChange(
        { ...deps, log: request.log },
        user,
        request.params.id,
        taxBuyerOf(contact),
      );
      return { approval_url: approvalUrl };
    },
  );
};

export default subscriptionPriceRoutes;
