import { lieferbarOrdersResponseSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authErrors, errorBodySchema } from '../../../lib/schemas';
import { currentUser } from '../../../plugins/identity';
import { pluginAudience } from '../../portal/plugin-audience';
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
    audience: pluginAudience({ db: app.db, firebaseAuth: app.firebaseAuth, isInternal: app.isInternal }),
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
          "Pending orders per shipping type in the seller's database (sub-users: the parent's); for a valid lieferbar license or an account the Lieferbar card is meant for (else 403 license-required); cached 30 s per seller, 5 s timeout",
        response: { 200: lieferbarOrdersResponseSchema, ...authErrors, 502: errorBodySchema },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      data: await readPendingOrders(deps, currentUser(request)),
    }),
  );
};

export default lieferbarRoutes;
