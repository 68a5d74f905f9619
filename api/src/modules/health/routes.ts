import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDependencies, DEPENDENCIES, HEALTH_STATES, overallHealth } from './checks';

const dependencySchema = z.object({ status: z.enum(HEALTH_STATES), detail: z.string().optional() });

const healthSchema = z.object({
  status: z.enum(HEALTH_STATES),
  db: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  checks: z.object(
    Object.fromEntries(DEPENDENCIES.map((d) => [d, dependencySchema])) as Record<
      (typeof DEPENDENCIES)[number],
      typeof dependencySchema
    >,
  ),
  uptimeSeconds: z.number(),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary:
          'Each dependency (database, identity, mail, file storage, payment provider): healthy / degraded / unhealthy / unchecked',
        description:
          '503 when the database does not answer (unhealthy); 200 otherwise, degraded when another dependency fails.',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const checks = await checkDependencies({
        dbHandle: app.dbHandle,
        authEmulatorHost: app.config.firebase.authEmulatorHost,
        mail: app.mail,
        fileStorage: app.fileStorage,
        paymentProviderName: app.paymentProvider.name,
      });
      const status = overallHealth(checks);
      return reply.code(status === 'unhealthy' ? 503 : 200).send({
        status,
        db: { driver: app.dbHandle.driver, ok: checks.database.status === 'healthy' },
        checks,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};

export default healthRoutes;
