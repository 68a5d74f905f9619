import { normalizedEmailSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser } from '../../plugins/identity';
import { assertOwnEmail } from '../user';
import { deleteAccount } from './service';

/**
 * DELETE /api/user: the account deletion, registered under the user module's prefix (modules/index.ts). It stands
 * above the modules whose rows and provider subscriptions it ends (purchase, subscription, gpsr, user), so it is a
 * module of its own and not part of the user module they build on.
 */
const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary:
          "Delete the caller's account: its subscriptions are cancelled at the payment provider, then its rows, " +
          'sub-users and logins go in one step (issued invoices and released GPSR versions stay, detached). A ' +
          'failure (502 payment-provider-error or identity-service-error, 500) leaves the account usable',
        querystring: z.object({ email: normalizedEmailSchema.optional() }),
        response: { 204: z.null(), ...authErrors, 500: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertOwnEmail(request.query.email, user.email);
      await deleteAccount(
        {
          db: app.db,
          provider: app.paymentProvider,
          firebaseAuth: app.firebaseAuth,
          fileStorage: app.fileStorage,
          log: app.log,
        },
        user,
      );
      return reply.code(204).send(null);
    },
  );
};

export default accountDeletionRoutes;
