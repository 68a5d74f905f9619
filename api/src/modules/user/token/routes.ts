import { TOKEN_SYNC_MAX_AGE_S } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentIdentity } from '../../../plugins/identity';

const tokenInfoSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  ageSeconds: z.number(),
  maxAgeSeconds: z.number(),
  /** true while the token is younger than maxAgeSeconds; a client syncing state should refresh it otherwise. */
  fresh: z.boolean(),
});

/**
 * GET /user/token answers what the api verified about the caller's ID token. It does not mint a
 * custom token: that needs service-account credentials which a default install does not have.
 */
const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "Verified facts about the caller's ID token (age, expiry, fresh for token sync)",
        response: { 200: tokenInfoSchema, ...authErrors },
      },
    },
    async (request) => {
      const id = currentIdentity(request);
      const ageSeconds = Math.max(0, Math.floor(Date.now() / 1000) - id.issuedAt);
      return {
        uid: id.uid,
        email: id.email,
        emailVerified: id.emailVerified,
        issuedAt: new Date(id.issuedAt * 1000).toISOString(),
        expiresAt: new Date(id.expiresAt * 1000).toISOString(),
        ageSeconds,
        maxAgeSeconds: TOKEN_SYNC_MAX_AGE_S,
        fresh: ageSeconds <= TOKEN_SYNC_MAX_AGE_S,
      };
    },
  );
};

export default tokenRoutes;
