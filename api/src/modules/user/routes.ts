import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiUserSchema, languageSchema, normalizedEmailSchema, userCreateSchema } from '@portal/shared/domain';
import { emailInUse, HttpError } from '../../lib/http-error';
import { authErrors } from '../../lib/schemas';
import { currentIdentity, currentUser } from '../../plugins/identity';
import { toApiUser } from './mapper';
import { findUser, isEmailInUse, updateUser } from './repository';
import { assertOwnEmail, assertStorableIdentityEmail, createUserRow } from './service';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "The caller's api user (404 user-not-found until POST /user)",
        querystring: z.object({ userEmail: normalizedEmailSchema.optional() }),
        response: { 200: apiUserSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(request.query.userEmail, user.email);
      return toApiUser(user);
    },
  );

  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Create the api user for the signed-in Firebase account (idempotent: 200 when it exists)',
        body: userCreateSchema,
        response: { 200: apiUserSchema, 201: apiUserSchema, 409: authErrors[403], ...authErrors },
      },
    },
    async (request, reply) => {
      const identity = currentIdentity(request);
      const { Id, Email } = request.body;
      if (Id !== identity.uid) throw new HttpError(403, 'uid-mismatch', 'Id must be the uid of the signed-in account');
      assertStorableIdentityEmail(identity.email, 'Email');
      if (Email !== identity.email) {
        throw new HttpError(400, 'email-mismatch', 'Email must be the email of the signed-in account');
      }
      const existing = await findUser(app.db, Id);
      if (existing) return reply.code(200).send(toApiUser(existing));
      if (await isEmailInUse(app.db, Email)) throw emailInUse('Email');
      const row = await createUserRow(app.db, { id: Id, email: Email });
      return reply.code(201).send(toApiUser(row));
    },
  );

  app.put(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Update the caller: language, or re-sync the email after it changed in Firebase',
        body: z
          .object({ language: languageSchema.optional(), Email: normalizedEmailSchema.optional() })
          .refine((b) => b.language !== undefined || b.Email !== undefined, 'Request must not be empty'),
        response: { 200: apiUserSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const identity = currentIdentity(request);
      const { language, Email } = request.body;
      if (Email !== undefined) assertStorableIdentityEmail(identity.email, 'Email');
      if (Email !== undefined && Email !== identity.email) {
        throw new HttpError(400, 'email-mismatch', 'Email must be the email of the signed-in account');
      }
      const row = await updateUser(app.db, user.id, {
        ...(language ? { language } : {}),
        ...(Email ? { email: Email } : {}),
      });
      return toApiUser(row);
    },
  );
};

export default userRoutes;
