import {
  includedEmailsPerMonth,
  licenseUsageSchema,
  pluginNameSchema,
  usageMonthOf,
  usageMonthSchema,
  usageReportAnswerSchema,
  usageReportSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, invalidField } from '../../../lib/http-error';
import { authErrors, errorBodySchema } from '../../../lib/schemas';
import { currentUser, ownerIdFor } from '../../../plugins/identity';
import { normalizeKey } from '../check';
import { findMeteredLicense, ownerUsage, recordUsage } from './repository';

/** Plugins whose usage is metered per month (fresh_desk: the emails sent). */
const METERED = new Set(['fresh_desk']);

const notFound = () => new HttpError(404, 'license-not-found', 'License not found');

/** The last 12 months up to the current one (UTC): older or future months are not reportable. */
function reportableMonth(month: string, now: Date): boolean {
  const current = usageMonthOf(now);
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return month <= current && month >= usageMonthOf(oldest);
}

const licenseUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['plugin api'],
        summary: 'The fresh_desk plugin reports the emails it sent this month (running total, with its key)',
        description:
          'Body: `{"key":"FD-…","emails_sent":1234}` (month defaults to the current UTC month, `"month":"2026-11"`). ' +
          'A lower figure than already stored for that month is kept as the higher one.',
        security: [],
        body: usageReportSchema,
        response: {
          200: usageReportAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const now = new Date();
      const month = request.body.month ?? usageMonthOf(now);
      if (!reportableMonth(month, now)) {
        throw invalidField('month', 'validation_month_invalid', 'month must be one of the last 12 months (YYYY-MM)');
      }
      const license = await findMeteredLicense(app.db, normalizeKey(request.body.key));
      if (!license) throw notFound();
      if (!METERED.has(license.pluginName)) {
        throw new HttpError(400, 'usage-not-metered', "This plugin's usage is not metered");
      }
      const emailsSent = await recordUsage(app.db, license.id, month, request.body.emails_sent);
      return { month, emails_sent: emailsSent };
    },
  );

  app.get(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['license'],
        summary: "A month's email usage of the account's valid license of a plugin: used and included",
        querystring: z.object({ pluginName: pluginNameSchema, month: usageMonthSchema.optional() }),
        response: { 200: licenseUsageSchema, ...authErrors },
      },
    },
    async (request) => {
      const month = request.query.month ?? usageMonthOf(new Date());
      const owner = ownerIdFor(currentUser(request));
      const usage = await ownerUsage(app.db, owner, request.query.pluginName, month);
      if (!usage) throw new HttpError(404, 'license-required', 'No valid license of this plugin');
      return { licenseId: usage.licenseId, month, used: usage.used, included: includedEmailsPerMonth(usage.options) };
    },
  );
};

export default licenseUsageRoutes;
