import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrySchema, remoteOriginsSchema } from '@portal/shared/domain';
import { errorBodySchema } from '../../lib/schemas';
import { viewerResolver } from './plugin-audience';
import { registryFor, remoteOrigins, seedRegistry, type LicensedPlugins, type RegistryDeps } from './registry';

/** The registry's routes; `licensedPlugins` comes from the license module, which sits above this one. */
export const portalRoutes =
  (licensedPlugins: LicensedPlugins): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: RegistryDeps = {
      db: app.db,
      config: app.config,
      log: app.log,
      firebaseAuth: app.firebaseAuth,
      isInternal: app.isInternal,
      licensedPlugins,
    };
    await seedRegistry(deps);
    const viewerOf = viewerResolver(deps);

    app.get(
      '/registry',
      {
        preHandler: app.optionalAuth,
        schema: {
          tags: ['portal'],
          summary:
            'Plugin registry: the enabled entries for the caller (token optional; internal entries only for staff, seller lists only for those verified emails; the pages of a plugin the caller holds a valid license of, without its card, whatever its audience), in order',
          security: [{}, { bearerAuth: [] }],
          response: { 200: registrySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ entries: await registryFor(deps, request, viewerOf) }),
    );

    app.get(
      '/remote-origins',
      {
        schema: {
          tags: ['portal'],
          summary:
            'Origins of the enabled remotes (absolute manifest URLs), for the portal server’s Content-Security-Policy',
          security: [],
          response: { 200: remoteOriginsSchema },
        },
      },
      async () => ({ origins: await remoteOrigins(deps) }),
    );
  };
