import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overageApprovalSchema } from '@portal/shared/domain';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser } from '../../plugins/identity';
import { approveOverage } from './overage-approval';
import { subscriptionIdParams } from './schemas';

/** POST /subscription/{id}/overage/approve (spec §7): the provider's page where the seller approves the charge. */
const overageRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: {
          200: overageApprovalSchema,
          ...authErrors,
          409: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'approve an overage');
      const { approvalUrl } = await approveOverage(app, request.log, user, request.params.id);
      return { approval_url: approvalUrl };
    },
  );
};

export default overageRoutes;
