import {
  avvAcceptanceSchema,
  avvContractPdfSchema,
  countryName,
  languageInputSchema,
  LANGUAGES,
  profileContactInputSchema,
  profileContactSchema,
  verifyReminderInputSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentUser } from '../../../plugins/identity';
import { acceptVersion, currentAcceptance } from '../../avv';
import { renderAvvPdf } from './avv-pdf';
import { loadContact, saveContact, updateSettings } from './repository';

function formatDate(date: Date, lang: 'de' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/contact',
    { schema: { tags: ['profile'], response: { 200: profileContactSchema, ...authErrors } } },
    async (request) => loadContact(app.db, currentUser(request)),
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
      return loadContact(app.db, user);
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

  // "Accepted" means accepted the AVV version in force (api/src/modules/avv): after a new version takes effect
  // the date is null again until the caller accepts that version.
  app.get(
    '/avv-accepted-date',
    {
      schema: {
        tags: ['profile'],
        summary: 'When the caller accepted the AVV version in force (null: not accepted it) and its label',
        response: { 200: avvAcceptanceSchema, ...authErrors },
      },
    },
    async (request) => {
      const { version, acceptance } = await currentAcceptance(app.db, currentUser(request));
      return {
        avvAcceptedDate: acceptance?.acceptedAt.toISOString() ?? null,
        version: acceptance ? version.version : null,
      };
    },
  );

  app.post(
    '/avv-accepted-date',
    {
      schema: {
        tags: ['profile'],
        summary: 'Accept the AVV version in force now (needs a complete profile: 400 profile-incomplete)',
        response: { 200: avvAcceptanceSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { version } = await currentAcceptance(app.db, user);
      const acceptance = await acceptVersion(app.db, user, version.id);
      return { avvAcceptedDate: acceptance.acceptedAt.toISOString(), version: acceptance.version };
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

  app.get(
    '/avv/download',
    {
      schema: {
        tags: ['profile'],
        summary: "The AVV version in force as a base64 PDF, filled with the caller's company and acceptance date",
        querystring: z.object({ lang: z.enum(LANGUAGES, { error: 'lang must be de or en' }).optional() }),
        response: { 200: avvContractPdfSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const lang = request.query.lang ?? user.language;
      const c = await loadContact(app.db, user);
      const { version, acceptance } = await currentAcceptance(app.db, user);
      const pdf = await renderAvvPdf(lang, {
        customer: {
          companyName: c.companyName,
          name: `${c.firstName} ${c.lastName}`.trim(),
          street: `${c.street} ${c.houseNumber}`.trim(),
          postalCodeCity: `${c.postalCode} ${c.city}`.trim(),
          country: countryName(c.country, lang),
          email: c.invoiceEmail,
        },
        version: version.version,
        acceptedDate: acceptance ? formatDate(acceptance.acceptedAt, lang) : null,
        body: lang === 'de' ? version.textDe : version.textEn,
        subProcessors: version.subProcessors,
      });
      return { pdf: pdf.toString('base64') };
    },
  );
};

export default profileRoutes;
