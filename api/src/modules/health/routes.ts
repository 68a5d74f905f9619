import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  db: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  uptimeSeconds: z.number(),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check (no token needed)',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await app.dbHandle.ping();
      const body = {
        status: ok ? ('healthy' as const) : ('degraded' as const),
        db: { driver: app.dbHandle.driver, ok },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;
