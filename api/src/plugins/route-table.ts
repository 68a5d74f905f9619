import type { FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin (one entry per method), for cross-cutting tests and docs. */
    routeTable: readonly RouteEntry[];
  }
}

export default fp(
  async (app) => {
    const routes: RouteEntry[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
    });
  },
  { name: 'route-table' },
);
