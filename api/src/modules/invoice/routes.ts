import {
  invoiceCountResponseSchema,
  invoiceDownloadResponseSchema,
  invoiceFileName,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceViewSchema,
  normalizedEmailSchema,
  paymentCheckResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
} from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser } from '../../plugins/identity';
import { findLatestPayment } from '../payment';
import { assertOwnEmail } from '../user';
import { toInvoiceView } from './invoice-mapper';
import {
  countOwnedInvoices,
  findInvoiceDocument,
  findOwnedInvoice,
  listOwnedInvoices,
  type InvoiceRow,
} from './repository';
import { buyProduct, parseIdempotencyKey } from './service';

const invoiceNotFound = () => new HttpError(404, 'invoice-not-found', 'Invoice not found');
const idParams = z.object({ id: z.string().trim().min(1, 'id is required').max(100, 'id is too long') });

/**
 * Buying (POST /invoice) and the caller's invoices (spec §7). Invoices belong to the main user; a sub-user gets 403
 * (spec §6: no Invoices for sub-users). Foreign and unknown ids both answer 404.
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
      return { invoice_list: rows.map(toInvoiceView), total };
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

  app.post(
    '/',
    {
      schema: {
        tags: ['invoice'],
        summary: 'Buy a product: a draft invoice priced from the catalogue, and the payment window to pay it',
        description:
          'The body names the product and the counters only; amounts come from the catalogue (quotePurchase with ' +
          "the buyer's country and VAT ID). Any other field (amount, unit_price, rows, …) is refused with 400. " +
          'Free and trial products go through POST /license/product/free_or_trial.\n\n' +
          'One purchase per seller and product is in flight: send an `Idempotency-Key` header (one UUID per ' +
          'purchase attempt) and a repeated request answers the same draft and checkout again (201). While an ' +
          'unpaid draft of the same product exists, a request with the same choice answers that draft (200); ' +
          'another choice replaces it (201). A plan the seller already subscribes to answers 409 ' +
          'already-subscribed; a key repeated with another choice answers 422 idempotency-key-reused.',
        body: purchaseRequestSchema,
        response: {
          201: purchaseResponseSchema.describe('A new draft and checkout (or the one this Idempotency-Key made)'),
          200: purchaseResponseSchema.describe('The open draft of the same purchase and its checkout'),
          ...authErrors,
          409: errorBodySchema,
          422: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      forbidSubUser(user, 'buy a license');
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { created, response } = await buyProduct(app, request.log, user, request.body, key);
      return reply.code(created ? 201 : 200).send(response);
    },
  );

  app.get(
    '/:id/payment-check',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'Payment status of one of your invoices (Created, Pending, Paid, Failed, Refunded)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: paymentCheckResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const invoice = await ownedOr404(request, request.params.id);
      const payment = await findLatestPayment(app.db, invoice.id);
      const status = payment?.status === 'Refunded' ? 'Refunded' : invoice.status;
      return { invoice_id: invoice.id, payment: { status }, invoice_number: invoice.invoiceNumber ?? null };
    },
  );
};

export default invoiceRoutes;
