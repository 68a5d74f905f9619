import { licenseIdentifierSchema, licenseSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { findOwnerLicenseById } from '../repository';
import { releaseIdentifier } from './repository';

/** The seller frees a place where a license was registered (a shop moved, a device replaced). */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:licenseId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['license'],
        summary: 'Release one registered identifier (email, domain, ip or deviceInfo) of a license',
        params: z.object({ licenseId: z.uuid({ error: 'licenseId must be a license id' }) }),
        querystring: licenseIdentifierSchema,
        response: { 200: licenseSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'release a license registration');
      const result = await releaseIdentifier(app.db, user.id, request.params.licenseId, request.query);
      if (result === 'license-not-found') throw new HttpError(404, 'license-not-found', 'License not found');
      if (result === 'registration-not-found') {
        throw new HttpError(404, 'registration-not-found', 'This identifier is not registered for the license');
      }
      const license = await findOwnerLicenseById(app.db, user.id, request.params.licenseId);
      if (!license) throw new HttpError(404, 'license-not-found', 'License not found');
      return license;
    },
  );
};

export default registrationRoutes;
