import {
  auditPageSchema,
  auditQuerySchema,
  manifestCheckInputSchema,
  manifestCheckResultSchema,
  REGISTRY_ID_PATTERN,
  registryEntryInputSchema,
  registryEntryUpdateSchema,
  staffRegistryEntrySchema,
  staffRegistrySchema,
  staffWhoamiSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentIdentity } from '../../plugins/identity';
import { strictRateLimit } from '../../plugins/rate-limit';
import { checkManifest } from './manifest-check';
import {
  actorOf,
  auditPage,
  createEntry,
  deleteEntry,
  entryNotFound,
  isStaff,
  listStaffEntries,
  updateEntry,
} from './service';

const entryParams = z.object({ id: z.string().max(100) });
const staffErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The staff console's api: every route for staff only, except whoami. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whoami',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['staff'],
        summary:
          'Whether the signed-in account is staff (INTERNAL_EMAILS with a verified email); for the Staff nav item',
        response: { 200: staffWhoamiSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      staff: await isStaff(
        { firebaseAuth: app.firebaseAuth, isInternal: app.isInternal },
        currentIdentity(request).uid,
      ),
    }),
  );

  app.get(
    '/registry',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Every registry entry, also disabled ones, in order',
        response: { 200: staffRegistrySchema, ...staffErrors },
      },
    },
    async () => ({ entries: await listStaffEntries(app.db) }),
  );

  app.post(
    '/registry',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Create a registry entry (live for sellers on their next page load; recorded in the audit log)',
        body: registryEntryInputSchema,
        response: { 201: staffRegistryEntrySchema, ...staffErrors, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createEntry(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/registry/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Replace a registry entry (body without id; recorded in the audit log with before/after)',
        params: entryParams,
        body: registryEntryUpdateSchema,
        response: { 200: staffRegistryEntrySchema, ...authErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!REGISTRY_ID_PATTERN.test(id)) throw entryNotFound(id);
      return updateEntry(app.db, actorOf(request), id, request.body);
    },
  );

  app.delete(
    '/registry/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Delete a registry entry (recorded in the audit log)',
        params: entryParams,
        response: { 204: z.null().describe('Deleted'), ...authErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!REGISTRY_ID_PATTERN.test(id)) throw entryNotFound(id);
      await deleteEntry(app.db, actorOf(request), id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/registry/check',
    {
      onRequest: app.requireStaff,
      config: { rateLimit: strictRateLimit },
      schema: {
        tags: ['staff'],
        summary:
          "Load a manifest from the api side (allow-listed hosts, 3 s timeout): does it answer and expose './remote'",
        body: manifestCheckInputSchema,
        response: { 200: manifestCheckResultSchema, ...staffErrors, 429: errorBodySchema },
      },
    },
    async (request) => checkManifest(request.body.manifestUrl, app.config),
  );

  app.get(
    '/audit',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The staff audit log, newest first (registry changes; AVV publishes as entryId avv:<version>)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...staffErrors },
      },
    },
    async (request) => auditPage(app.db, request.query),
  );
};

export default staffRoutes;
