import { lieferbarOrdersResponseSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, errorBodySchema } from '../../../lib/schemas';
import { currentIdentity, currentUser } from '../../../plugins/identity';
import { createDataSourcePools } from '../../../services/db-connect';
import { createOrdersCache, readPendingOrders, type OrdersDeps } from './service';

/** Lieferbar: pending order counts per shipping type from the seller's own JTL-Wawi database. */
const lieferbarRoutes: FastifyPluginAsyncZod = async (app) => {
  const pools = createDataSourcePools({ allowList: app.config.dsAllowedHosts });
  const cache = createOrdersCache();
  app.addHook('onClose', async () => pools.closeAll());
  const deps: OrdersDeps = {
    db: app.db,
    crypto: app.crypto,
    firebaseAuth: app.firebaseAuth,
    isInternal: app.isInternal,
    pools,
    cache,
  };

  app.get(
    '/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['wawi'],
        summary:
          "Pending orders per shipping type in the seller's database (sub-users: the parent's); cached 30 s per seller, 5 s timeout",
        response: { 200: lieferbarOrdersResponseSchema, ...authErrors, 502: errorBodySchema },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      data: await readPendingOrders(deps, currentUser(request), currentIdentity(request)),
    }),
  );
};

export default lieferbarRoutes;
