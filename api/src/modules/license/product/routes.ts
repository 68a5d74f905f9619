import { licenseSchema, pluginNameSchema, productSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, authErrors } from '../../../lib/schemas';
import { currentUser, forbidSubUser } from '../../../plugins/identity';
import { activateFreeOrTrial, productNotFound } from '../activation';
import { syncCatalogue } from './catalogue-sync';
import { toProduct } from './product-schema';
import { findProduct, listProducts } from './repository';

/** The product catalogue (GET) and the activation of free and trial products (POST). */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  await syncCatalogue(app.db);
  app.addHook('preHandler', app.requireUser);

  const productList = z.array(productSchema);

  app.get(
    '/all',
    {
      schema: { tags: ['catalogue'], summary: 'Every product for sale', response: { 200: productList, ...authErrors } },
    },
    async () => (await listProducts(app.db)).map(toProduct),
  );

  app.get(
    '/plugin/:pluginName',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of one plugin (mobile includes mobile_default)',
        params: z.object({ pluginName: pluginNameSchema }),
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) => (await listProducts(app.db, { pluginName: request.params.pluginName })).map(toProduct),
  );

  app.get(
    '/free_or_trial',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Free and trial products of one plugin',
        querystring: z.object({ pluginName: pluginNameSchema }),
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) =>
      (await listProducts(app.db, { pluginName: request.query.pluginName, freeOrTrial: true })).map(toProduct),
  );

  app.get(
    '/free_or_trial/all',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every free and trial product',
        response: { 200: productList, ...authErrors },
      },
    },
    async () => (await listProducts(app.db, { freeOrTrial: true })).map(toProduct),
  );

  app.post(
    '/free_or_trial',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Activate a free (no expiry) or trial (3 days, once per plugin) product for the caller',
        querystring: z.object({ licenseProductID: z.string().trim().min(1, 'licenseProductID is required').max(100) }),
        response: { 201: licenseSchema, 409: errorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      forbidSubUser(user, 'buy a license');
      const license = await activateFreeOrTrial(app.db, user, request.query.licenseProductID);
      return reply.code(201).send(license);
    },
  );

  app.get(
    '/:productId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: z.object({ productId: z.string().trim().min(1, 'productId is required').max(100) }),
        response: { 200: productSchema, ...authErrors },
      },
    },
    async (request) => {
      const row = await findProduct(app.db, request.params.productId);
      if (!row) throw productNotFound();
      return toProduct(row);
    },
  );
};

export default catalogueRoutes;
