import { licenseCheckRequestSchema, licenseCheckResponseSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../lib/schemas';
import { decideLicenseCheck } from './license-check-rule';
import { findLicenseByKey, registerIdentifier } from './repository';

const EXAMPLE = `Called by a plugin in the seller's shop with its license key; no bearer token. Registers the identifier
while the license allows more registrations. The answer never names the license's owner.

\`\`\`sh
curl -s https://portal.example.com/api/license/check \\
  -H 'content-type: application/json' \\
  -d '{"key":"FD-7K2M-Q9XD-4HRT-B1CW","plugin":"fresh_desk","identifier":{"type":"domain","value":"shop.example.de"}}'
# → {"valid":true,"code":"VALID","expiresAt":"2027-11-22T10:00:00.000Z","registrations":{"used":1,"max":3}}
\`\`\`

Codes: VALID, NOT_FOUND (unknown or malformed key), EXPIRED, INACTIVE, WRONG_PLUGIN (a key of another plugin),
TOO_MANY_REGISTRATIONS (a new identifier beyond maxRegistrationsCount; release one in the portal under /licenses).`;

/** The plugin-facing license check (issue 9): public, answered from one indexed query. */
const licenseCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['plugin api'],
        summary: 'Is this license valid here? (plugins call this with their key)',
        description: EXAMPLE,
        security: [],
        body: licenseCheckRequestSchema,
        response: { 200: licenseCheckResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { key, plugin, identifier } = request.body;
      const now = new Date();
      let license = await findLicenseByKey(app.db, key);
      let decision = decideLicenseCheck(license, plugin, identifier, now);
      if (license && decision.register) {
        license = await registerIdentifier(app.db, license.id, identifier, (locked) =>
          decideLicenseCheck(locked, plugin, identifier, now),
        );
        decision = decideLicenseCheck(license, plugin, identifier, now);
      }
      if (!license || decision.code === 'NOT_FOUND' || decision.code === 'WRONG_PLUGIN') {
        return { valid: false, code: decision.code };
      }
      return {
        valid: decision.code === 'VALID',
        code: decision.code,
        expiresAt: license.expiresAt?.toISOString() ?? null,
        registrations: { used: license.licenseUsers.length, max: license.maxRegistrations },
      };
    },
  );
};

export default licenseCheckRoutes;
