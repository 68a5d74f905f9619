import crypto from 'node:crypto';
import { licenseCheckRequestSchema, licenseCheckResponseSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../lib/schemas';
import { normalizeKey } from './repository';
import { checkLicense } from './service';

const EXAMPLE = `Called by a plugin in the seller's shop with its license key; no bearer token. Registers the identifier
while the license allows more registrations. The answer never names the license's owner.

\`\`\`sh
curl -s https://portal.example.com/api/license/check \\
  -H 'content-type: application/json' \\
  -d '{"key":"FD-7K2M-Q9XD-4HRT-B1CW","plugin":"fresh_desk","identifier":{"type":"domain","value":"shop.example.de"}}'
# → {"valid":true,"code":"VALID","expiresAt":"2027-11-22T10:00:00.000Z","registrations":{"used":1,"max":3}}
\`\`\`

Codes: VALID, NOT_FOUND (unknown or malformed key), EXPIRED, PAYMENT_OVERDUE (the renewal payment failed and is
still unpaid after the payment grace; during the grace the answer is VALID with paymentGraceUntil), INACTIVE, WRONG_PLUGIN (a key of another plugin),
TOO_MANY_REGISTRATIONS (a new identifier beyond maxRegistrationsCount; release one in the portal under /licenses).

Rate limits: per client address (RATE_LIMIT_MAX a minute) and per key (LICENSE_CHECK_PER_KEY_MAX a minute, 60 by
default); over either the answer is 429 with a Retry-After header in seconds — cache a VALID answer for a while.`;

/** The plugin-facing license check: public (a shop's plugin has no login), answered from one indexed query. */
const licenseCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per key on top of the per-address limit: a key spread over many addresses (or guessed from many) is still
  // limited. Counted for any key string, known or not, so the limit reveals nothing about which keys exist; the
  // store holds a hash, not the key.
  const perKey = app.quota('license-check-key', (c) => c.rateLimit.licenseCheckPerKey, 60_000);
  const keyId = (key: string) => crypto.createHash('sha256').update(normalizeKey(key)).digest('base64url').slice(0, 22);

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
      await perKey(request, keyId(request.body.key));
      return checkLicense(app.db, request.body);
    },
  );
};

export default licenseCheckRoutes;
