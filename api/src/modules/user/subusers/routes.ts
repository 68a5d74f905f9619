import {
  normalizeEmail,
  subUserInputSchema,
  subUserMaxAllowedSchema,
  subUserNameSchema,
  subUserSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { listSubUsers } from './repository';
import { createSubUser, deleteOwnSubUser, maxSubUsers, renameOwnSubUser, toSubUser, type SubUserDeps } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const subUserId = z.string().min(1, 'id is required').max(128, 'id is too long');

const subUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SubUserDeps => ({ db: app.db, firebaseAuth: app.firebaseAuth, mail: app.mail, log: app.log });
  // Every new sub-user gets a mail: at most so many a day from one account, and to one address.
  const invitesByAccount = app.quota('invites-by-account', (c) => c.rateLimit.invitesPerAccount, DAY_MS);
  const invitesToAddress = app.quota('invites-to-address', (c) => c.rateLimit.invitesPerAddress, DAY_MS);

  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request) => forbidSubUser(currentUser(request), 'manage users'));

  app.get(
    '/',
    { schema: { tags: ['subusers'], response: { 200: z.array(subUserSchema), ...authErrors } } },
    async (request) => (await listSubUsers(app.db, currentUser(request).id)).map(toSubUser),
  );

  app.get(
    '/max-allowed',
    { schema: { tags: ['subusers'], response: { 200: subUserMaxAllowedSchema, ...authErrors } } },
    async (request) => ({ max_allowed: await maxSubUsers(app.db, currentUser(request).id) }),
  );

  app.post(
    '/',
    {
      config: { rateLimit: strictRateLimit },
      schema: {
        tags: ['subusers'],
        summary: 'Create a sub-user: a Firebase account with a random password and a password-reset mail',
        body: subUserInputSchema,
        response: { 201: subUserSchema, 409: authErrors[403], 429: authErrors[403], ...authErrors },
      },
    },
    async (request, reply) => {
      const parent = currentUser(request);
      await invitesByAccount(request, parent.id);
      await invitesToAddress(request, normalizeEmail(request.body.email));
      return reply.code(201).send(await createSubUser({ ...deps(), log: request.log }, parent, request.body));
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['subusers'],
        summary: 'Rename a sub-user',
        body: z.object({ id: subUserId, name: subUserNameSchema }),
        response: { 200: subUserSchema, ...authErrors },
      },
    },
    async (request) => renameOwnSubUser(app.db, currentUser(request).id, request.body.id, request.body.name),
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['subusers'],
        summary: 'Delete a sub-user (Firebase account and row)',
        querystring: z.object({ id: subUserId }),
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await deleteOwnSubUser(deps(), currentUser(request).id, request.query.id);
      return reply.code(204).send(null);
    },
  );
};

export default subUserRoutes;
