import { normalizedEmailSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { assertOwnEmail } from '..';
import { deletePaypalAuth, findPaypalAuth, insertPaypalAuth, updatePaypalAuth, type PaypalAuthRow } from './repository';

const credentialSchema = z.object({
  email: z.string().describe('PayPal account email'),
  clientId: z.string(),
  mode: z.enum(['sandbox', 'live']),
  hasSecret: z.literal(true),
  updatedAt: z.string(),
});

const clientId = z
  .string()
  .trim()
  .min(8, 'clientId must be at least 8 characters')
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'clientId may only contain letters, digits, - and _');
const clientSecret = z.string().trim().min(8, 'clientSecret must be at least 8 characters').max(200);
const mode = z.enum(['sandbox', 'live'], { error: 'mode must be sandbox or live' });

const createBody = z.object({
  paypalEmail: normalizedEmailSchema,
  clientId,
  clientSecret,
  mode: mode.default('sandbox'),
});
const updateBody = z
  .object({
    paypalEmail: normalizedEmailSchema.optional(),
    clientId: clientId.optional(),
    clientSecret: clientSecret.optional(),
    mode: mode.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Request must not be empty');

const query = z.object({ email: normalizedEmailSchema.optional().describe("The caller's login email (optional)") });

const notFound = () => new HttpError(404, 'paypal-auth-not-found', 'PayPal credentials not found');

const toDto = (row: PaypalAuthRow) => ({
  email: row.email,
  clientId: row.clientId,
  mode: row.mode,
  hasSecret: true as const,
  updatedAt: row.updatedAt.toISOString(),
});

/** The seller's PayPal REST credentials. The secret is stored encrypted and never returned. */
const paypalAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request) => {
    const user = currentUser(request);
    forbidSubUser(user, 'manage payment credentials');
    assertOwnEmail((request.query as { email?: string }).email, user.email);
  });

  app.get(
    '/auth',
    { schema: { tags: ['paypal'], querystring: query, response: { 200: credentialSchema, ...authErrors } } },
    async (request) => {
      const row = await findPaypalAuth(app.db, currentUser(request).id);
      if (!row) throw notFound();
      return toDto(row);
    },
  );

  app.post(
    '/auth',
    {
      schema: {
        tags: ['paypal'],
        querystring: query,
        body: createBody,
        response: { 201: credentialSchema, 409: authErrors[403], ...authErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (await findPaypalAuth(app.db, user.id))
        throw new HttpError(409, 'paypal-auth-exists', 'PayPal credentials already exist; use PUT to change them');
      const b = request.body;
      const row = await insertPaypalAuth(app.db, {
        userId: user.id,
        email: b.paypalEmail,
        clientId: b.clientId,
        mode: b.mode,
        secretEncrypted: app.crypto.encrypt(b.clientSecret),
      });
      return reply.code(201).send(toDto(row));
    },
  );

  app.put(
    '/auth',
    {
      schema: {
        tags: ['paypal'],
        querystring: query,
        body: updateBody,
        response: { 200: credentialSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await findPaypalAuth(app.db, user.id))) throw notFound();
      const b = request.body;
      const row = await updatePaypalAuth(app.db, user.id, {
        ...(b.paypalEmail ? { email: b.paypalEmail } : {}),
        ...(b.clientId ? { clientId: b.clientId } : {}),
        ...(b.mode ? { mode: b.mode } : {}),
        ...(b.clientSecret ? { secretEncrypted: app.crypto.encrypt(b.clientSecret) } : {}),
      });
      return toDto(row);
    },
  );

  app.delete(
    '/auth',
    { schema: { tags: ['paypal'], querystring: query, response: { 204: z.null(), ...authErrors } } },
    async (request, reply) => {
      if (!(await deletePaypalAuth(app.db, currentUser(request).id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default paypalAuthRoutes;
