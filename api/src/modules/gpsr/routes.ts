import multipart from '@fastify/multipart';
import {
  GPSR_STORED_NAME_PATTERN,
  gpsrDeleteResponseSchema,
  gpsrDocumentationFileName,
  gpsrFileDeletedSchema,
  gpsrProductCreateSchema,
  gpsrProductListItemSchema,
  gpsrProductSchema,
  gpsrProductUpdateSchema,
  gpsrUploadResponseSchema,
  gpsrVersionSchema,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { draftSource, versionSource } from './documentation-source';
import { documentationZip } from './documentation-zip';
import { gpsrOwner, requireGpsrLicense } from './license-guard';
import {
  filesOfProduct,
  findProduct,
  findVersion,
  listProducts,
  listRetainedVersions,
  listVersions,
} from './repository';
import {
  createProduct,
  deleteFile,
  deleteProduct,
  productNotFound,
  releaseVersion,
  toProduct,
  toVersion,
  updateProduct,
  type GpsrDeps,
} from './service';
import { handleUpload } from './upload';

const productParams = z.object({ productId: z.uuid('productId must be a product id') });
const uploadErrors = { ...authErrors, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

/** GPSR records: products, answers, evidence files, released versions and the documentation ZIP. */
const gpsrRoutes: FastifyPluginAsyncZod = async (app) => {
  // Limits are set per request in upload.ts; these are the outer bounds for this module only.
  await app.register(multipart, { limits: { fileSize: 26 * 1024 * 1024, files: 20, parts: 40 } });
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', requireGpsrLicense(app.db));
  const deps: GpsrDeps = { db: app.db, fileStorage: app.fileStorage };

  app.get(
    '/products',
    {
      schema: {
        tags: ['gpsr'],
        summary: "The account's GPSR products, newest first (the list pages them, 8 per page)",
        response: { 200: z.array(gpsrProductListItemSchema), ...authErrors },
      },
    },
    async (request) => {
      const owner = gpsrOwner(request);
      const rows = await listProducts(app.db, owner);
      const versions = await listVersions(
        app.db,
        owner,
        rows.map((r) => r.id),
      );
      return rows.map((row) => {
        const { riskQuestions: _answers, ...item } = toProduct(
          row,
          versions.filter((v) => v.originalProductId === row.id),
        );
        return item;
      });
    },
  );

  app.get(
    '/product/:productId',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'One product with its answers (riskQuestions) and released versions',
        params: productParams,
        response: { 200: gpsrProductSchema, ...authErrors },
      },
    },
    async (request) => {
      const owner = gpsrOwner(request);
      const row = await findProduct(app.db, owner, request.params.productId);
      if (!row) throw productNotFound();
      return toProduct(row, await listVersions(app.db, owner, [row.id]));
    },
  );

  app.post(
    '/product/create',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Create a product with its answers; files named in the answers are attached to it',
        body: gpsrProductCreateSchema,
        response: { 201: gpsrProductSchema, ...authErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await createProduct(deps, gpsrOwner(request), request.body)),
  );

  app.put(
    '/product/update',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Update name and answers of a product (the draft; released versions never change)',
        body: gpsrProductUpdateSchema,
        response: { 200: gpsrProductSchema, ...authErrors },
      },
    },
    async (request) => updateProduct(deps, gpsrOwner(request), request.body),
  );

  app.delete(
    '/product/:productId/delete',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Delete a product; released versions stay until their retention ends (listed in the answer)',
        params: productParams,
        response: { 200: gpsrDeleteResponseSchema, ...authErrors },
      },
    },
    async (request) => deleteProduct(deps, gpsrOwner(request), request.params.productId),
  );

  app.post(
    '/product/upload/files',
    {
      schema: {
        tags: ['gpsr'],
        summary:
          'Upload evidence files (multipart: repeated "files" plus topicID, questionID, pointID); images, PDF, .doc, .docx',
        consumes: ['multipart/form-data'],
        response: { 200: gpsrUploadResponseSchema, ...uploadErrors },
      },
    },
    async (request) => ({ status: 'success' as const, files: await handleUpload(deps, request, gpsrOwner(request)) }),
  );

  app.delete(
    '/product/file/:fileName/delete',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Delete an evidence file (kept in storage while a released version needs it)',
        params: z.object({
          fileName: z.string().regex(GPSR_STORED_NAME_PATTERN, 'fileName is not a stored file name'),
        }),
        response: { 200: gpsrFileDeletedSchema, ...authErrors },
      },
    },
    async (request) => {
      await deleteFile(deps, gpsrOwner(request), request.params.fileName);
      return { deleted: true as const };
    },
  );

  app.post(
    '/product/:productId/release',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Release the current answers and files as a numbered, read-only version kept for 10 years',
        params: productParams,
        response: { 201: gpsrVersionSchema, ...authErrors, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await releaseVersion(deps, gpsrOwner(request), request.params.productId)),
  );

  app.get(
    '/versions/retained',
    {
      schema: {
        tags: ['gpsr'],
        summary: 'Released versions of deleted products that are still within their retention period',
        response: {
          200: z.array(gpsrVersionSchema.extend({ productId: z.string(), productName: z.string() })),
          ...authErrors,
        },
      },
    },
    async (request) =>
      (await listRetainedVersions(app.db, gpsrOwner(request), new Date())).map((v) => ({
        productId: v.originalProductId,
        productName: v.productName,
        ...toVersion(v),
      })),
  );

  app.get(
    '/product/:productId/documentation/download',
    {
      schema: {
        tags: ['gpsr'],
        summary:
          'The documentation ZIP (technical file PDF + evidence in topic folders), streamed; ?version=N gives a released version byte for byte',
        params: productParams,
        querystring: z.object({
          version: z.coerce.number().int().min(1).optional(),
          lang: z.enum(['de', 'en']).default('de'),
        }),
        produces: ['application/zip'],
        response: { 200: z.any().describe('application/zip'), ...authErrors },
      },
    },
    async (request, reply) => {
      const owner = gpsrOwner(request);
      const { productId } = request.params;
      const { version, lang } = request.query;
      let source;
      if (version) {
        const row = await findVersion(app.db, owner, productId, version);
        if (!row) throw new HttpError(404, 'gpsr-version-not-found', `Version ${version} was not found`);
        source = versionSource(row, lang);
      } else {
        const product = await findProduct(app.db, owner, productId);
        if (!product) throw productNotFound();
        source = draftSource(product, await filesOfProduct(app.db, product.id), lang);
      }
      const stream = await documentationZip(deps, owner, source);
      const fileName = gpsrDocumentationFileName(source.productName, source.version?.number);
      stream.on('error', (err) => request.log.error({ err, productId }, 'documentation ZIP failed while streaming'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};

export default gpsrRoutes;
