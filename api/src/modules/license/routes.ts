import {
  LICENSE_PAGE_SIZE,
  LICENSE_SORT_ORDER_VALUES,
  STATUSES,
  pageSlice,
  sortLicenses,
  type License,
  type LicenseSortOrder,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { authErrors } from '../../lib/schemas';
import { currentUser, ownerIdFor } from '../../plugins/identity';
import { pluginNameSchema } from '../catalogue/product-schema';
import { licenseSchema } from './license-mapper';
import { findOwnerLicenseByKey, listOwnerLicenses } from './repository';

const MAX_PAGE_SIZE = 100;

const pageField = z.coerce
  .number({ error: 'page must be a whole number of 1 or more' })
  .int('page must be a whole number of 1 or more')
  .min(1, 'page must be a whole number of 1 or more');
const pageSizeField = z.coerce
  .number({ error: `pageSize must be a whole number between 1 and ${MAX_PAGE_SIZE}` })
  .int(`pageSize must be a whole number between 1 and ${MAX_PAGE_SIZE}`)
  .min(1, `pageSize must be a whole number between 1 and ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `pageSize must be a whole number between 1 and ${MAX_PAGE_SIZE}`);

const sortField = z.enum(LICENSE_SORT_ORDER_VALUES as [LicenseSortOrder, ...LicenseSortOrder[]], {
  error: 'sort must be LicenseCreated, LicenseExpired or ProductName, optionally followed by |ASC or |DESC',
});

/** Body of POST /license/filter and /license/filter/count. */
export const licenseFilterSchema = z.object({
  page: pageField.default(1),
  pageSize: pageSizeField.default(LICENSE_PAGE_SIZE),
  sort: sortField.default('LicenseCreated|DESC'),
  pluginName: pluginNameSchema.optional(),
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(', ')}` }).optional(),
});

const pageSchema = z.object({
  items: z.array(licenseSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const licenseNotFound = () => new HttpError(404, 'license-not-found', 'License not found');

function toPage(all: License[], page: number, pageSize: number) {
  return { items: pageSlice(all, page, pageSize), total: all.length, page, pageSize };
}

/**
 * The licenses of the caller's account. A sub-user reads the parent's licenses (spec §6: features
 * follow the main user's licenses). `status` is derived: an expired 'active' license reads 'inactive'.
 */
const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  const owner = (request: Parameters<typeof app.requireUser>[0]) => ownerIdFor(currentUser(request));

  async function filtered(ownerId: string, f: z.infer<typeof licenseFilterSchema>): Promise<License[]> {
    const all = await listOwnerLicenses(app.db, ownerId, { pluginName: f.pluginName });
    const byStatus = f.status ? all.filter((l) => l.status === f.status) : all;
    return sortLicenses(byStatus, f.sort);
  }

  app.get(
    '/all',
    {
      schema: {
        tags: ['license'],
        summary: "One page of the account's licenses, newest first",
        querystring: z.object({ page: pageField.default(1), pageSize: pageSizeField.default(LICENSE_PAGE_SIZE) }),
        response: { 200: pageSchema, ...authErrors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const all = await listOwnerLicenses(app.db, owner(request));
      return toPage(sortLicenses(all, 'LicenseCreated|DESC'), page, pageSize);
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
        response: { 200: pageSchema, ...authErrors },
      },
    },
    async (request) => {
      const all = await filtered(owner(request), request.body);
      return toPage(all, request.body.page, request.body.pageSize);
    },
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
    async (request) => ({ total: (await filtered(owner(request), request.body)).length }),
  );
};

export default licenseRoutes;
