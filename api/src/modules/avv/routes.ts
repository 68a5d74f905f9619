import {
  avvAcceptanceEntrySchema,
  avvAcceptInputSchema,
  avvCurrentSchema,
  avvHistorySchema,
  avvStaffVersionListSchema,
  avvVersionInputSchema,
  avvVersionSchema,
  utcDay,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentIdentity, currentUser } from '../../plugins/identity';
import { findCurrentVersion, findVersion, listAcceptances, listVersionsWithCounts } from './repository';
import { acceptVersion, currentState, publishVersion, toAcceptance, toVersion, versionNotFound } from './service';

const versionParams = z.object({ id: z.uuid('id must be an AVV version id') });

/** AVV versions: the version in force, re-acceptance, history; staff list and publish versions. */
const avvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/current',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['avv'],
        summary: 'The AVV version in force, the newest version the caller accepted and whether they must accept again',
        response: { 200: avvCurrentSchema, ...authErrors },
      },
    },
    async (request) => currentState(app.db, currentUser(request)),
  );

  app.get(
    '/versions/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['avv'],
        summary: 'One published version with its texts (for the diff against the accepted one)',
        params: versionParams,
        response: { 200: avvVersionSchema, ...authErrors },
      },
    },
    async (request) => {
      const row = await findVersion(app.db, request.params.id);
      if (!row) throw versionNotFound();
      return toVersion(row);
    },
  );

  app.get(
    '/history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['avv'],
        summary: "The caller's acceptances (version, date, who), newest first",
        response: { 200: avvHistorySchema, ...authErrors },
      },
    },
    async (request) => ({ acceptances: (await listAcceptances(app.db, currentUser(request).id)).map(toAcceptance) }),
  );

  app.post(
    '/accept',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['avv'],
        summary:
          'Accept the version in force (409 avv-version-not-current when a newer one is in force, 400 profile-incomplete)',
        body: avvAcceptInputSchema,
        response: { 200: avvAcceptanceEntrySchema, ...authErrors, 409: errorBodySchema },
      },
    },
    async (request) => toAcceptance(await acceptVersion(app.db, currentUser(request), request.body.versionId)),
  );

  app.get(
    '/versions',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['avv', 'staff'],
        summary: 'Staff: every version, newest first, with the number of acceptances',
        response: { 200: avvStaffVersionListSchema, ...authErrors },
      },
    },
    async () => {
      const current = await findCurrentVersion(app.db, utcDay());
      const rows = await listVersionsWithCounts(app.db);
      return {
        versions: rows.map((row) => ({
          ...toVersion(row),
          acceptedCount: row.acceptedCount,
          isCurrent: row.id === current?.id,
        })),
      };
    },
  );

  app.post(
    '/versions',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['avv', 'staff'],
        summary:
          'Staff: publish a version (label unique, effective date from today and not before the latest version; recorded in the staff audit log)',
        body: avvVersionInputSchema,
        response: { 201: avvVersionSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const identity = currentIdentity(request);
      // The address the staff check matched on the account record, not the token's claim.
      const email = request.staffEmail ?? identity.email;
      const row = await publishVersion(app.db, { uid: identity.uid, email }, request.body);
      return reply.code(201).send(toVersion(row));
    },
  );
};

export default avvRoutes;
