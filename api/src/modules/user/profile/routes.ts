import {
  languageInputSchema,
  profileContactInputSchema,
  profileContactSchema,
  vatVerificationSchema,
  verifyReminderInputSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../lib/http-error';
import { authErrors } from '../../../lib/schemas';
import { sendJson } from '../../../lib/send-json';
import { currentUser } from '../../../plugins/identity';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { loadContact, saveContact, updateSettings } from './repository';
import { verifyVatId } from './vat-verification';

/**
 * /api/user/profile: the caller's contact data and settings. The AVV's routes under the same prefix (its acceptance
 * date and its PDF) are the avv module's (avv/profile-routes.ts), which stands above this one.
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/contact',
    { schema: { tags: ['profile'], response: { 200: profileContactSchema, ...authErrors } } },
    async (request, reply) => {
      const user = currentUser(request);
      // Kept per user in the read cache (plugins/owner-cache) as the JSON the response schema makes of it.
      const body = await app.ownerCache.read(user.id, 'profile-contact', async () =>
        JSON.stringify(profileContactSchema.parse(await loadContact(app.db, user))),
      );
      return sendJson(reply, body);
    },
  );

  app.put(
    '/contact',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Save the personal data (required: firstName, lastName, country, city, street, houseNumber, postalCode; postal code and VAT ID checked)',
        body: profileContactInputSchema,
        response: { 200: profileContactSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await saveContact(app.db, user.id, request.body);
      const contact = await loadContact(app.db, user);
      // A new VAT ID (or one VIES did not confirm before) is checked right away; a confirmed one is kept as it is.
      // VIES's answer, also "cannot answer now", is part of the saved profile: the save itself never fails on VIES.
      if (contact.vatVerification && contact.vatVerification.status !== 'valid') {
        const vatVerification = await verifyVatId({ db: app.db, vies: app.vies }, user.id, contact.vatID);
        if (vatVerification) return { ...contact, vatVerification };
      }
      return contact;
    },
  );

  app.post(
    '/vat-verification',
    {
      config: { rateLimit: strictRateLimit },
      schema: {
        tags: ['profile'],
        summary: 'Ask VIES again about the profile\'s VAT ID (the Retry of "not verified yet"); returns its answer',
        response: { 200: vatVerificationSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const contact = await loadContact(app.db, user);
      const vatVerification = contact.vatVerification
        ? await verifyVatId({ db: app.db, vies: app.vies }, user.id, contact.vatID)
        : null;
      if (!vatVerification) {
        throw new HttpError(400, 'vat-id-not-checkable', 'The profile has no EU VAT ID that VIES could check', {
          vatID: 'api_error_vat_id_not_checkable',
        });
      }
      return vatVerification;
    },
  );

  app.get(
    '/language',
    { schema: { tags: ['profile'], response: { 200: languageInputSchema, ...authErrors } } },
    async (request) => ({ language: currentUser(request).language }),
  );

  app.put(
    '/language',
    {
      schema: {
        tags: ['profile'],
        body: languageInputSchema,
        response: { 200: languageInputSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await updateSettings(app.db, user.id, { language: request.body.language });
      return { language: row.language };
    },
  );

  app.get(
    '/verify-reminder',
    { schema: { tags: ['profile'], response: { 200: verifyReminderInputSchema, ...authErrors } } },
    async (request) => ({ verifyReminder: currentUser(request).verifyReminder }),
  );

  app.put(
    '/verify-reminder',
    {
      schema: {
        tags: ['profile'],
        body: verifyReminderInputSchema,
        response: { 200: verifyReminderInputSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await updateSettings(app.db, user.id, { verifyReminder: request.body.verifyReminder });
      return { verifyReminder: row.verifyReminder };
    },
  );
};

export default profileRoutes;
