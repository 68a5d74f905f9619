import { avvAcceptanceSchema, avvContractPdfSchema, countryName, LANGUAGES } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../lib/schemas';
import { currentUser } from '../../plugins/identity';
import { loadContact } from '../user/profile';
import type { OperatingCompany } from '../../config';
import { renderAvvPdf } from './avv-pdf';
import type { AvvProcessor } from './avv-text';
import { acceptVersion, currentAcceptance } from './service';

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

/** The processor named in the contract: the operating company, with its data-protection contact. */
function avvProcessor(company: OperatingCompany, lang: 'de' | 'en'): AvvProcessor {
  const { seller } = company;
  return {
    name: seller.name,
    street: seller.street,
    postalCodeCity: `${seller.postalCode} ${seller.city}`.trim(),
    country: countryName(seller.country, lang),
    register: seller.register,
    managingDirector: seller.managingDirector,
    email: company.privacyEmail,
  };
}

/**
 * The AVV's routes under /api/user/profile, where the portal's profile page calls them: the acceptance of the version
 * in force and the filled-in contract as PDF. Registered under the profile's prefix (modules/index.ts); the avv
 * module serves them because they are the AVV's, and the profile module below it knows nothing of the AVV.
 */
const avvProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  // "Accepted" means accepted the AVV version in force: after a new version takes effect the date is null again
  // until the caller accepts that version.
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
        processor: avvProcessor(app.config.company, lang),
        version: version.version,
        acceptedDate: acceptance ? formatDate(acceptance.acceptedAt, lang) : null,
        body: lang === 'de' ? version.textDe : version.textEn,
        subProcessors: version.subProcessors,
      });
      return { pdf: pdf.toString('base64') };
    },
  );
};

export default avvProfileRoutes;
