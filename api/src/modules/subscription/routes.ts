import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/schemas';
import { currentUser, ownerIdFor } from '../../plugins/identity';
import { listOveragePending } from './repository';

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overage/pending',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Active subscriptions of the account whose overage waits for approval',
        response: { 200: z.object({ subscriptions_to_approve: z.array(z.object({ id: z.string() })) }), ...authErrors },
      },
    },
    async (request) => {
      const rows = await listOveragePending(app.db, ownerIdFor(currentUser(request)));
      return { subscriptions_to_approve: rows };
    },
  );
};

export default subscriptionRoutes;
