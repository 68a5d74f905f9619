import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freshdeskApiKeyResponseSchema } from '@portal/shared/domain';
import { HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { currentUser, ownerIdFor } from '../../../plugins/identity';
import { ownerHasValidLicense } from '../../license';
import { findFreshdeskApiKey, storeFirstFreshdeskApiKey } from './repository';

/** Key the seller enters in the Freshdesk app; never contains a colon (the app splits its settings at colons). */
function newFreshdeskApiKey(): string {
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
        response: { 200: freshdeskApiKeyResponseSchema, ...authErrors },
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
      const existing = await findFreshdeskApiKey(app.db, ownerId);
      if (existing) return { api_key: existing };
      return { api_key: await storeFirstFreshdeskApiKey(app.db, ownerId, newFreshdeskApiKey()) };
    },
  );
};

export default freshdeskRoutes;
