import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrySchema } from '@portal/shared/domain';
import { errorBodySchema } from '../../lib/schemas';
import { readRegistryFile, resolveEntries, visibleEntries } from './registry';

const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const entries = resolveEntries(readRegistryFile(), app.config);

  app.get(
    '/registry',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['portal'],
        summary: 'Plugin registry (token optional; internal-only entries only for INTERNAL_EMAILS)',
        security: [{}, { bearerAuth: [] }],
        response: { 200: registrySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ entries: visibleEntries(entries, app.isInternal(request.identity)) }),
  );
};

export default portalRoutes;
