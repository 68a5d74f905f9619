import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptions } from '../../db/schema';
import { authErrors } from '../../lib/schemas';
import { currentUser, ownerIdFor } from '../../plugins/identity';

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
      const rows = await app.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, ownerIdFor(currentUser(request))),
            eq(subscriptions.overagePending, true),
            eq(subscriptions.status, 'Active'),
          ),
        )
        .orderBy(asc(subscriptions.createdAt));
      return { subscriptions_to_approve: rows };
    },
  );
};

export default subscriptionRoutes;
