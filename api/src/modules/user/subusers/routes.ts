import crypto from 'node:crypto';
import { normalizeEmail, subUserInputSchema, subUserSchema, type SubUser } from '@portal/shared/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users, type UserRow } from '../../../db/schema';
import { emailInUse, HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { createUserRow, deleteFirebaseAccount } from '../service';
import { maxSubUsers } from './max-users';
import { subUserInvitation } from './invitation-mail';

const toSubUser = (row: UserRow): SubUser => ({
  id: row.id,
  name: row.name ?? '',
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new HttpError(404, 'subuser-not-found', 'Sub-user not found');

const subUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request) => forbidSubUser(currentUser(request), 'manage users'));

  async function findOwn(parentId: string, id: string): Promise<UserRow> {
    const [row] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.parentUserId, parentId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/',
    { schema: { tags: ['subusers'], response: { 200: z.array(subUserSchema), ...authErrors } } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(users)
        .where(eq(users.parentUserId, currentUser(request).id))
        .orderBy(asc(users.createdAt));
      return rows.map(toSubUser);
    },
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
    async (request, reply) => {
      const parent = currentUser(request);
      const name = request.body.name;
      const email = normalizeEmail(request.body.email);
      const [max, [{ n }]] = await Promise.all([
        maxSubUsers(app.db, parent.id),
        app.db.select({ n: count() }).from(users).where(eq(users.parentUserId, parent.id)),
      ]);
      if (n >= max) throw new HttpError(403, 'max-users-reached', 'Maximum number of users reached');
      const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw emailInUse('email');

      let uid: string;
      try {
        const created = await app.firebaseAuth.createUser({
          email,
          password: crypto.randomBytes(24).toString('base64url'),
          displayName: name,
          emailVerified: false,
        });
        uid = created.uid;
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/email-already-exists') {
          throw emailInUse('email');
        }
        request.log.error({ err }, 'could not create the Firebase account of a sub-user');
        throw new HttpError(502, 'identity-service-error', 'Failed to create subuser');
      }

      let row: UserRow;
      try {
        row = await createUserRow(app, { id: uid, email, parentUserId: parent.id, name, language: parent.language });
      } catch (err) {
        await deleteFirebaseAccount(app, uid).catch(() => undefined);
        throw err;
      }

      try {
        const link = await app.firebaseAuth.generatePasswordResetLink(email);
        await app.mail.send({
          to: email,
          ...subUserInvitation(parent.language, { name, parentEmail: parent.email, link }),
        });
      } catch (err) {
        // The account exists; the parent can trigger "forgot password" for it. Keep the sub-user.
        request.log.error({ err }, 'could not send the invitation of a sub-user');
      }
      return reply.code(201).send(toSubUser(row));
    },
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
    async (request) => {
      const parent = currentUser(request);
      await findOwn(parent.id, request.body.id);
      const [row] = await app.db
        .update(users)
        .set({ name: request.body.name, updatedAt: new Date() })
        .where(and(eq(users.id, request.body.id), eq(users.parentUserId, parent.id)))
        .returning();
      return toSubUser(row);
    },
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
      const parent = currentUser(request);
      const sub = await findOwn(parent.id, request.query.id);
      await deleteFirebaseAccount(app, sub.id);
      await app.db.delete(users).where(and(eq(users.id, sub.id), eq(users.parentUserId, parent.id)));
      return reply.code(204).send(null);
    },
  );
};

export default subUserRoutes;
