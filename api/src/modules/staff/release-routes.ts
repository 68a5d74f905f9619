import {
  REGISTRY_ID_PATTERN,
  RELEASE_ID_MAX,
  RELEASE_ID_PATTERN,
  releaseInputSchema,
  staffReleasesSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { errorBodySchema } from '../../lib/schemas';
import { strictRateLimit } from '../../plugins/rate-limit';
import {
  addRelease,
  endPreview,
  listReleases,
  previewRelease,
  promoteRelease,
  rollback,
  type ReleaseDeps,
} from './releases';
import { entryNotFound, actorOf } from './service';
import { shellProvidesOnce } from './shell-provides';

const entryParams = z.object({ id: z.string().max(100) });
const releaseParams = z.object({ id: z.string().max(100), release: z.string().max(RELEASE_ID_MAX) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** Steps that load a manifest from another host are rate limited like the manifest check. */
const fetching = { 429: errorBodySchema };

function entryId(params: { id: string }): string {
  if (!REGISTRY_ID_PATTERN.test(params.id)) throw entryNotFound(params.id);
  return params.id;
}

function releaseId(params: { id: string; release: string }): string {
  // Not echoed: a path segment that is no release id may be anything the caller sent.
  if (!RELEASE_ID_PATTERN.test(params.release)) {
    throw new HttpError(404, 'release-not-found', 'Not a release id (<version>-<10 hex digits>)');
  }
  return params.release;
}

/**
 * A registry entry's releases (for staff only): list, add (checked), preview for internal accounts, promote to
 * everybody, end the preview, roll back. Sellers get the change on their next page load (GET /api/portal/registry
 * reads the database).
 */
const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReleaseDeps = { db: app.db, config: app.config, shellProvides: shellProvidesOnce() };

  /** A staff route that answers the entry's releases. */
  const releasesRoute = <P extends typeof entryParams | typeof releaseParams>(summary: string, params: P) => ({
    onRequest: app.requireStaff,
    schema: { tags: ['staff'], summary, params, response: { 200: staffReleasesSchema, ...errors } },
  });
  /** A staff route that answers the entry's releases after loading a manifest from another host. */
  const fetchingRoute = <P extends typeof entryParams | typeof releaseParams>(summary: string, params: P) => ({
    onRequest: app.requireStaff,
    config: { rateLimit: strictRateLimit },
    schema: { tags: ['staff'], summary, params, response: { 200: staffReleasesSchema, ...errors, ...fetching } },
  });

  app.get(
    '/registry/:id/releases',
    releasesRoute(
      "An entry's releases (newest first), which is live, which in preview and where rollback leads",
      entryParams,
    ),
    async (request) => listReleases(app.db, entryId(request.params)),
  );

  app.post(
    '/registry/:id/releases',
    {
      onRequest: app.requireStaff,
      config: { rateLimit: strictRateLimit },
      schema: {
        tags: ['staff'],
        summary:
          "Add a release by its mf-manifest.json: loaded from the api side and checked against the shell's shared libraries and contract (400 with the reason otherwise); not live yet",
        params: entryParams,
        body: releaseInputSchema,
        response: { 201: staffReleasesSchema, ...errors, ...fetching },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addRelease(deps, actorOf(request), entryId(request.params), request.body)),
  );

  app.post(
    '/registry/:id/releases/:release/preview',
    fetchingRoute('Show a release to internal accounts instead of the live one (checked again first)', releaseParams),
    async (request) => previewRelease(deps, actorOf(request), entryId(request.params), releaseId(request.params)),
  );

  app.post(
    '/registry/:id/releases/:release/promote',
    fetchingRoute('Make a release live for everybody (checked again first); ends its preview', releaseParams),
    async (request) => promoteRelease(deps, actorOf(request), entryId(request.params), releaseId(request.params)),
  );

  app.delete(
    '/registry/:id/preview',
    releasesRoute('End the preview: internal accounts get the live release again', entryParams),
    async (request) => endPreview(app.db, actorOf(request), entryId(request.params)),
  );

  app.post(
    '/registry/:id/rollback',
    fetchingRoute('Make the release that was live before the live one live again (checked again first)', entryParams),
    async (request) => rollback(deps, actorOf(request), entryId(request.params)),
  );
};

export default releaseRoutes;
