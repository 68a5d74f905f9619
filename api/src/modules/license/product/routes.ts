import { pluginNameSchema, productSchema } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { syncCatalogue } from './catalogue-sync';
import { productNotFound, toProduct } from './product-schema';
import { findProduct, listProducts } from './repository';

/**
 * The product catalogue. Activating a free or trial product (POST /license/product/free_or_trial) creates a
 * license, so the license module serves it.
 */
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
