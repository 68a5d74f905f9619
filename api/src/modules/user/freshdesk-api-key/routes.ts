import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { currentUser, ownerIdFor } from '../../../plugins/identity';
import { ownerHasValidLicense } from '../../license';

/** Key the seller enters in the Freshdesk app; never contains a colon (spec §5 rejects those). */
export function newFreshdeskApiKey(): string {
  return `fdk_${crypto.randomBytes(24).toString('base64url')}`;
}

const freshdeskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary:
          "The account's API key for the Freshdesk connector (needs a valid fresh_desk license; created on first call)",
        response: { 200: z.object({ api_key: z.string() }), ...authErrors },
      },
    },
    async (request) => {
      const ownerId = ownerIdFor(currentUser(request));
      if (!(await ownerHasValidLicense(app.db, ownerId, 'fresh_desk'))) {
        throw new HttpError(
          403,
          'license-required',
          'You need a valid license to access this feature. Please purchase a license for fresh_desk.',
        );
      }
      const [owner] = await app.db.select({ key: users.freshdeskApiKey }).from(users).where(eq(users.id, ownerId));
      if (owner?.key) return { api_key: owner.key };
      const key = newFreshdeskApiKey();
      // Only set when still empty, so two first calls at once agree on one key.
      await app.db
        .update(users)
        .set({ freshdeskApiKey: key })
        .where(and(eq(users.id, ownerId), isNull(users.freshdeskApiKey)));
      const [after] = await app.db.select({ key: users.freshdeskApiKey }).from(users).where(eq(users.id, ownerId));
      return { api_key: after.key ?? key };
    },
  );
};

export default freshdeskRoutes;
