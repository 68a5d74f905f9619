import {
  paymentCheckResponseSchema,
  purchaseQuoteSchema,
  planChangeScheduledSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
} from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser } from '../../plugins/identity';
import { findOwnedInvoice, shownStatus } from '../invoice';
import { findProduct } from '../license/product';
import { findLatestPayment } from '../payment';
import { pluginAudience } from '../portal/plugin-audience';
import { buyProduct, parseIdempotencyKey, quoteProduct } from './buy';
import { purchaseDeps } from './deps';

/**
 * /api/invoice, the purchase's part: pricing (POST /invoice/quote), buying (POST /invoice) and the payment check of one of the caller's invoices.
 * Registered under the invoice module's prefix (modules/index.ts), after its reading routes. Invoices belong to the
 * main user; a sub-user gets 403. Foreign and unknown ids both answer 404.
 */
const purchaseInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);
  const reader = { preHandler: async (request: FastifyRequest) => forbidSubUser(currentUser(request), 'see invoices') };
  const audience = pluginAudience({ db: app.db, firebaseAuth: app.firebaseAuth, isInternal: app.isInternal });
  /** 403 plugin-not-available for a product of a plugin whose card is not meant for the buyer (an unknown id: 404 later). */
  const refuseUnoffered = async (uid: string, productId: string) => {
    const row = await findProduct(app.db, productId);
    if (row) await audience.refuseUnlessBuyable(uid, row.pluginName, 'product_id');
  };

  app.post(
    '/quote',
    {
      schema: {
        tags: ['invoice'],
        summary: 'What buying a product would cost: the priced rows, net, VAT and gross; writes nothing',
        description:
          'The same body as POST /invoice, checked and priced the same way (catalogue prices, the VAT of the ' +
          "buyer's invoice address), so the purchase dialog can show the amounts before the seller confirms. No " +
          'invoice, payment or checkout is made: only POST /invoice does that. Answers 400 with field details for ' +
          'bad input, 404 for an unknown product, 409 already-subscribed for a plan the seller already has, 403 ' +
          "plugin-not-available for a plugin whose dashboard card is not meant for the caller (the registry's audience).",
        body: purchaseRequestSchema,
        response: { 200: purchaseQuoteSchema, ...authErrors, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'buy a license');
      await refuseUnoffered(user.id, request.body.product_id);
      return quoteProduct(purchaseDeps(app), user, request.body);
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
          'already-subscribed; a key repeated with another choice answers 422 idempotency-key-reused, a key whose ' +
          'purchase expired unpaid (after 24 h) 409 checkout-expired. A product of a ' +
          "plugin whose dashboard card is not meant for the caller (the registry's audience) answers 403 " +
          'plugin-not-available.\n\n' +
          'Another plan (tier, billing period or extras) of a plugin the seller subscribes to is a plan change of ' +
          'that subscription: when it costs more per day than what was paid, the draft charges the new plan for the ' +
          'rest of the current period less a credit line for its unused part (quote.plan_change.timing "now"; paid ' +
          'in the payment window, it switches the license at once); otherwise it is scheduled for the period end ' +
          'and answers 202 with nothing to pay. A subscription with an unpaid renewal answers 409 ' +
          'renewal-payment-due, one cancelled at its period end 409 subscription-ending.',
        body: purchaseRequestSchema,
        response: {
          201: purchaseResponseSchema.describe('A new draft and checkout (or the one this Idempotency-Key made)'),
          200: purchaseResponseSchema.describe('The open draft of the same purchase and its checkout'),
          202: planChangeScheduledSchema.describe('A plan change scheduled for the period end; nothing to pay now'),
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
      await refuseUnoffered(user.id, request.body.product_id);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const outcome = await buyProduct({ ...purchaseDeps(app), log: request.log }, user, request.body, key);
      if ('scheduled' in outcome) return reply.code(202).send(outcome.scheduled);
      return reply.code(outcome.created ? 201 : 200).send(outcome.response);
    },
  );

  app.get(
    '/:id/payment-check',
    {
      ...reader,
      schema: {
        tags: ['invoice'],
        summary: 'Payment status of one of your invoices (Created, Pending, Paid, Failed, Refunded, Expired)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: paymentCheckResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const invoice = await findOwnedInvoice(app.db, currentUser(request).id, request.params.id);
      if (!invoice) throw new HttpError(404, 'invoice-not-found', 'Invoice not found');
      const payment = await findLatestPayment(app.db, invoice.id);
      const status = payment?.status === 'Refunded' ? 'Refunded' : shownStatus(invoice);
      return { invoice_id: invoice.id, payment: { status }, invoice_number: invoice.invoiceNumber ?? null };
    },
  );
};

export default purchaseInvoiceRoutes;
