import { pluginNameSchema, productSchema } from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentUser } from '../../../plugins/identity';
import { pluginAudience } from '../../portal/plugin-audience';
import { syncCatalogue } from './catalogue-sync';
import { productNotFound, toProduct, type ProductRow } from './product-schema';
import { findProduct, listProducts } from './repository';

/**
 * The product catalogue, as offered to the caller: only the plugins whose dashboard card is meant for them (the
 * registry's audience); asking for another plugin or its product answers 403 plugin-not-available. Activating a free
 * or trial product (POST /license/product/free_or_trial) creates a license, so the license module serves it.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  await syncCatalogue(app.db);
  app.addHook('preHandler', app.requireUser);
  const audience = pluginAudience({ db: app.db, firebaseAuth: app.firebaseAuth, isInternal: app.isInternal });
  const uidOf = (request: FastifyRequest) => currentUser(request).id;
  /** The rows of the plugins the caller may buy. */
  const offered = async (request: FastifyRequest, rows: ProductRow[]) => {
    const buyable = await audience.buyablePlugins(uidOf(request));
    return rows.filter((row) => audience.offers(buyable, row.pluginName)).map(toProduct);
  };

  const productList = z.array(productSchema);

  app.get(
    '/all',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every product the caller may buy',
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) => offered(request, await listProducts(app.db)),
  );

  app.get(
    '/plugin/:pluginName',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of one plugin (mobile includes mobile_default); 403 when it is not offered to the caller',
        params: z.object({ pluginName: pluginNameSchema }),
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) => {
      await audience.refuseUnlessBuyable(uidOf(request), request.params.pluginName);
      return (await listProducts(app.db, { pluginName: request.params.pluginName })).map(toProduct);
    },
  );

  app.get(
    '/free_or_trial',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Free and trial products of one plugin; 403 when it is not offered to the caller',
        querystring: z.object({ pluginName: pluginNameSchema }),
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) => {
      await audience.refuseUnlessBuyable(uidOf(request), request.query.pluginName);
      return (await listProducts(app.db, { pluginName: request.query.pluginName, freeOrTrial: true })).map(toProduct);
    },
  );

  app.get(
    '/free_or_trial/all',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every free and trial product the caller may activate',
        response: { 200: productList, ...authErrors },
      },
    },
    async (request) => offered(request, await listProducts(app.db, { freeOrTrial: true })),
  );

  app.get(
    '/:productId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product; 403 when its plugin is not offered to the caller',
        params: z.object({ productId: z.string().trim().min(1, 'productId is required').max(100) }),
        response: { 200: productSchema, ...authErrors },
      },
    },
    async (request) => {
      const row = await findProduct(app.db, request.params.productId);
      if (!row) throw productNotFound();
      await audience.refuseUnlessBuyable(uidOf(request), row.pluginName, 'productId');
      return toProduct(row);
    },
  );
};

export default catalogueRoutes;
