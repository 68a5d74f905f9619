import {
  dataSourceRequestSchema,
  dataSourceSchema,
  dataSourceSchemasSchema,
  dataSourceTestResultSchema,
  isSubUser,
  normalizedEmailSchema,
  normalizeEmail,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, errorBodySchema } from '../../../lib/schemas';
import { currentIdentity, currentUser, forbidSubUser } from '../../../plugins/identity';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { deleteDataSource, findDataSource } from './repository';
import {
  dataSourceNotFound,
  emailNotVerified,
  resolveDetails,
  runConnectionTest,
  runListSchemas,
  testAndSaveDataSource,
  toDataSourceDto,
  type DataSourceDeps,
} from './service';

const connectErrors = { ...authErrors, 422: errorBodySchema } as const;

/**
 * The seller's own shop database: the data source of the account, its connection test and its form.
 * Every connection (test, save, schema list) goes through the SSRF guard of services/db-connect.
 */
const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  const deps: DataSourceDeps = { db: app.db, crypto: app.crypto, allowedHosts: app.config.dsAllowedHosts };

  /** Sub-users have no database connection tab (the main user owns it); verified email before any connection. */
  const mainUserWithVerifiedEmail = async (request: Parameters<typeof app.requireUser>[0]) => {
    forbidSubUser(currentUser(request), 'manage the database connection');
    if (!currentIdentity(request).emailVerified) throw emailNotVerified();
  };
  /** Each of these connects outward to the given host: strict rate limit, main users with a verified email. */
  const connecting = { config: { rateLimit: strictRateLimit }, preHandler: mainUserWithVerifiedEmail };

  app.get(
    '/',
    {
      schema: {
        tags: ['datasource'],
        summary: "The caller's data source, without the password (404 data-source-not-found when none)",
        querystring: z.object({ email: normalizedEmailSchema.optional() }),
        response: { 200: dataSourceSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Another address, or a sub-user (who never has an own connection): nothing to show.
      if (request.query.email !== undefined && request.query.email !== normalizeEmail(user.email))
        throw dataSourceNotFound();
      if (isSubUser(user)) throw dataSourceNotFound();
      const row = await findDataSource(app.db, user.id);
      if (!row) throw dataSourceNotFound();
      return toDataSourceDto(row);
    },
  );

  app.post(
    '/test',
    {
      ...connecting,
      schema: {
        tags: ['datasource'],
        summary: 'Connect to the database (5 s timeout). Without a password the stored one is used',
        body: dataSourceRequestSchema,
        response: { 200: dataSourceTestResultSchema, ...connectErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const stored = request.body.password ? null : await findDataSource(app.db, user.id);
      await runConnectionTest(deps, resolveDetails(deps, request.body, stored));
      return { ok: true as const, message: 'Connection test succeeded' };
    },
  );

  app.post(
    '/',
    {
      ...connecting,
      schema: {
        tags: ['datasource'],
        summary: 'Test, then create (201) or replace (200) the data source; saved only when the test passes',
        body: dataSourceRequestSchema,
        response: { 200: dataSourceSchema, 201: dataSourceSchema, ...connectErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stored = await findDataSource(app.db, user.id);
      const row = await testAndSaveDataSource(deps, user, request.body, stored);
      return reply.code(stored ? 200 : 201).send(toDataSourceDto(row));
    },
  );

  app.put(
    '/',
    {
      ...connecting,
      schema: {
        tags: ['datasource'],
        summary: 'Test, then update the data source; without a password the stored one is kept',
        body: dataSourceRequestSchema,
        response: { 200: dataSourceSchema, ...connectErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const stored = await findDataSource(app.db, user.id);
      if (!stored) throw dataSourceNotFound();
      return toDataSourceDto(await testAndSaveDataSource(deps, user, request.body, stored));
    },
  );

  app.post(
    '/delete',
    {
      preHandler: async (request) => forbidSubUser(currentUser(request), 'manage the database connection'),
      schema: { tags: ['datasource'], summary: 'Delete the data source', response: { 204: z.null(), ...authErrors } },
    },
    async (request, reply) => {
      if (!(await deleteDataSource(app.db, currentUser(request).id))) throw dataSourceNotFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/schemas',
    {
      ...connecting,
      schema: {
        tags: ['datasource'],
        summary: 'Databases on the connection given in the body, or on the stored one when the body is empty',
        body: dataSourceRequestSchema.nullish(),
        response: { 200: dataSourceSchemasSchema, ...connectErrors },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const stored = await findDataSource(app.db, currentUser(request).id);
      // An empty body lists the databases of the stored connection.
      const { host, port, database, dbUser: user, engine } = stored ?? {};
      const source = body.host || body.database || body.user || !stored ? body : { host, port, database, user, engine };
      return { schemas: await runListSchemas(deps, resolveDetails(deps, source, stored)) };
    },
  );
};

export default dataSourceRoutes;
