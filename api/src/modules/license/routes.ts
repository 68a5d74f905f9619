import { licenseFilterSchema, licensePageSchema, licenseSchema, pluginNameSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { sendJson } from '../../lib/send-json';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser, ownerIdFor } from '../../plugins/identity';
import { pluginAudience } from '../portal/plugin-audience';
import { activateFreeOrTrial } from './activation';
import { findOwnerLicenseByKey, listOwnerLicensePage, listOwnerLicenses, ownerLicensePage } from './repository';

/**
 * When the first license of a page passes its expiry or the end of its payment grace (its status then reads
 * 'inactive'): epoch ms.
 */
function nextExpiry(
  items: readonly { licenseExpired?: string | null; paymentGraceUntil?: string | null }[],
  now = Date.now(),
): number {
  let next = Infinity;
  for (const item of items) {
    for (const value of [item.licenseExpired, item.paymentGraceUntil]) {
      const at = value ? Date.parse(value) : NaN;
      if (at > now && at < next) next = at;
    }
  }
  return next;
}

const licenseNotFound = () => new HttpError(404, 'license-not-found', 'License not found');

/**
 * The licenses of the caller's account. A sub-user reads the parent's licenses (a sub-user's features follow the main
 * user's licenses). `status` is derived: an expired 'active' license reads 'inactive'.
 */
const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  const owner = (request: Parameters<typeof app.requireUser>[0]) => ownerIdFor(currentUser(request));
  const audience = pluginAudience({ db: app.db, firebaseAuth: app.firebaseAuth, isInternal: app.isInternal });

  app.get(
    '/all',
    {
      schema: {
        tags: ['license'],
        summary: "One page of the account's licenses, newest first",
        querystring: licenseFilterSchema.pick({ page: true, pageSize: true }),
        response: { 200: licensePageSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      // Kept per owner in the read cache (plugins/owner-cache) until a change of the owner's rows notifies it or a
      // license on the page expires, as the bytes to send: a page of 100 licenses is 60 KB, encoded once.
      const cached = await app.ownerCache.read(
        owner(request),
        `license-page:${page}:${pageSize}`,
        async () => {
          const body = await ownerLicensePage(app.db, owner(request), { page, pageSize, sort: 'LicenseCreated|DESC' });
          return { bytes: Buffer.from(JSON.stringify(body)), expiresAt: nextExpiry(body.items) };
        },
        (entry) => entry.expiresAt,
      );
      return sendJson(reply, cached.bytes);
    },
  );

  app.get(
    '/plugin',
    {
      schema: {
        tags: ['license'],
        summary: "The account's licenses of one plugin (mobile includes mobile_default)",
        querystring: z.object({ pluginName: pluginNameSchema }),
        response: { 200: z.array(licenseSchema), ...authErrors },
      },
    },
    async (request) => listOwnerLicenses(app.db, owner(request), { pluginName: request.query.pluginName }),
  );

  app.get(
    '/key/:key',
    {
      schema: {
        tags: ['license'],
        summary: 'One license of the account by its key (404 for any other key)',
        params: z.object({ key: z.string().trim().min(1, 'key is required').max(100, 'key is too long') }),
        response: { 200: licenseSchema, ...authErrors },
      },
    },
    async (request) => {
      const license = await findOwnerLicenseByKey(app.db, owner(request), request.params.key);
      if (!license) throw licenseNotFound();
      return license;
    },
  );

  app.post(
    '/filter',
    {
      schema: {
        tags: ['license'],
        summary: 'Licenses filtered by plugin/status, sorted and paged',
        body: licenseFilterSchema,
        response: { 200: licensePageSchema, ...authErrors },
      },
    },
    async (request) => ownerLicensePage(app.db, owner(request), request.body),
  );

  app.post(
    '/filter/count',
    {
      schema: {
        tags: ['license'],
        summary: 'How many licenses match the filter (page, pageSize and sort are ignored)',
        body: licenseFilterSchema,
        response: { 200: z.object({ total: z.number() }), ...authErrors },
      },
    },
    async (request) => ({
      total: (await listOwnerLicensePage(app.db, owner(request), { ...request.body, page: 1, pageSize: 1 })).total,
    }),
  );

  // Served here, not by the product module (the lower layer, which never imports license code): it creates a license.
  app.post(
    '/product/free_or_trial',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Activate a free (no expiry) or trial (3 days, once per plugin) product for the caller; 403 plugin-not-available for a plugin whose card is not meant for the caller',
        querystring: z.object({ licenseProductID: z.string().trim().min(1, 'licenseProductID is required').max(100) }),
        response: { 201: licenseSchema, 409: errorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      forbidSubUser(user, 'buy a license');
      const license = await activateFreeOrTrial(app.db, user, request.query.licenseProductID, audience);
      return reply.code(201).send(license);
    },
  );
};

export default licenseRoutes;
