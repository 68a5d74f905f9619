import { subUserInputSchema, subUserSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { maxSubUsers } from './max-users';
import { listSubUsers } from './repository';
import { createSubUser, deleteOwnSubUser, renameOwnSubUser, toSubUser } from './service';

const subUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request) => forbidSubUser(currentUser(request), 'manage users'));

  app.get(
    '/',
    { schema: { tags: ['subusers'], response: { 200: z.array(subUserSchema), ...authErrors } } },
    async (request) => (await listSubUsers(app.db, currentUser(request).id)).map(toSubUser),
  );

  app.get(
    '/max-allowed',
    { schema: { tags: ['subusers'], response: { 200: z.object({ max_allowed: z.number() }), ...authErrors } } },
    async (request) => ({ max_allowed: await maxSubUsers(app.db, currentUser(request).id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['subusers'],
        summary: 'Create a sub-user: a Firebase account with a random password and a password-reset mail',
        body: subUserInputSchema,
        response: { 201: subUserSchema, 409: authErrors[403], ...authErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSubUser(app, currentUser(request), request.body, request.log)),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['subusers'],
        summary: 'Rename a sub-user',
        body: z.object({ id: z.string().min(1, 'id is required'), name: subUserInputSchema.shape.name }),
        response: { 200: subUserSchema, ...authErrors },
      },
    },
    async (request) => renameOwnSubUser(app, currentUser(request).id, request.body.id, request.body.name),
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['subusers'],
        summary: 'Delete a sub-user (Firebase account and row)',
        querystring: z.object({ id: z.string().min(1, 'id is required') }),
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await deleteOwnSubUser(app, currentUser(request).id, request.query.id);
      return reply.code(204).send(null);
    },
  );
};

export default subUserRoutes;
