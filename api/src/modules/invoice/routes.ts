import {
  invoiceCountResponseSchema,
  invoiceDownloadResponseSchema,
  invoiceFileName,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceViewSchema,
  normalizedEmailSchema,
} from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser } from '../../plugins/identity';
import { assertOwnEmail } from '../user';
import { toInvoiceView } from './invoice-mapper';
import {
  countOwnedInvoices,
  findInvoiceDocument,
  findOwnedInvoice,
  listOwnedInvoices,
  type InvoiceRow,
} from './repository';

const invoiceNotFound = () => new HttpError(404, 'invoice-not-found', 'Invoice not found');
const idParams = z.object({ id: z.string().trim().min(1, 'id is required').max(100, 'id is too long') });

/**
 * The caller's invoices: list, count, one, its PDF. Invoices belong to the main user; a sub-user gets 403 (sub-users
 * see no invoices). Foreign and unknown ids both answer 404. Under the same prefix the purchase module serves buying
 * (POST /invoice) and the payment check of an invoice.
 */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  const reader = { preHandler: async (request: FastifyRequest) => forbidSubUser(currentUser(request), 'see invoices') };

  async function ownedOr404(request: FastifyRequest, id: string): Promise<InvoiceRow> {
    const row = await findOwnedInvoice(app.db, currentUser(request).id, id);
    if (!row) throw invoiceNotFound();
    return row;
  }

  async function documentOf(row: InvoiceRow) {
    const doc = await findInvoiceDocument(app.db, row.id);
    if (!doc) throw new HttpError(409, 'invoice-not-finalized', 'The invoice is not paid yet and has no PDF');
    return doc;
  }

  app.get(
    '/list',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: "One page of the caller's invoices, newest first (offset = (page - 1) * limit)",
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(request.query.email, user.email);
      const { rows, total } = await listOwnedInvoices(app.db, user.id, request.query);
      return { invoice_list: rows.map((row) => toInvoiceView(row)), total };
    },
  );

  app.get(
    '/count',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'How many invoices the caller has (drafts included)',
        querystring: z.object({ email: normalizedEmailSchema.optional() }),
        response: { 200: invoiceCountResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      assertOwnEmail(request.query.email, user.email);
      return { total: await countOwnedInvoices(app.db, user.id) };
    },
  );

  app.get(
    '/:id',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'One invoice of the caller',
        params: idParams,
        response: { 200: invoiceViewSchema, ...authErrors },
      },
    },
    async (request) => {
      return toInvoiceView(await ownedOr404(request, request.params.id));
    },
  );

  app.post(
    '/:id/download',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'The stored PDF/A-3b (with factur-x.xml) as base64, named after the invoice number',
        params: idParams,
        response: { 200: invoiceDownloadResponseSchema, 409: errorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const row = await ownedOr404(request, request.params.id);
      const doc = await documentOf(row);
      return {
        file_name: invoiceFileName({ id: row.id, invoice_number: row.invoiceNumber }),
        content_type: 'application/pdf' as const,
        data: doc.pdf.toString('base64'),
      };
    },
  );

  app.get(
    '/:id/pdf',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'The stored PDF itself (application/pdf), for links',
        params: idParams,
        response: { 200: z.any().describe('The PDF bytes (application/pdf)'), 409: errorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const row = await ownedOr404(request, request.params.id);
      const doc = await documentOf(row);
      const name = invoiceFileName({ id: row.id, invoice_number: row.invoiceNumber });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('etag', `"${doc.sha256}"`)
        .header('cache-control', 'private, no-cache')
        .send(doc.pdf);
    },
  );
};

export default invoiceRoutes;
