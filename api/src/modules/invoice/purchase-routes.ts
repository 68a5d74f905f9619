// POST /invoice (buy: draft invoice from the catalogue price + checkout with the configured provider) and
// GET /invoice/{id}/payment-check. Registered by the invoice module's index.ts.
import {
  isProfileComplete,
  paymentCheckResponseSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  QuoteError,
  quotePurchase,
  type PurchaseResponse,
} from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProceedType } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { authErrors, errorBodySchema } from '../../lib/schemas';
import { currentUser, forbidSubUser, ownerIdFor } from '../../plugins/identity';
import { findProduct, productNotFound, toProduct } from '../license/product';
import { loadContact } from '../user/profile';
import { findLatestPayment, startCheckout } from '../payment';
import { buyerSnapshot } from './buyer-snapshot';
import { createDraftInvoice, findOwnedInvoice } from './repository';

/** fresh_desk paid plans need "I agree to automatic package upgrades if base limits are exceeded". */
const CONSENT_PLUGINS = new Set(['fresh_desk']);

const invoiceNotFound = () => new HttpError(404, 'invoice-not-found', 'Invoice not found');

const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Buy a product: a draft invoice priced from the catalogue, and the payment window to pay it',
        description:
          'The body names the product and the counters only; amounts come from the catalogue (quotePurchase with ' +
          "the buyer's country and VAT ID). Any other field (amount, unit_price, rows, …) is refused with 400. " +
          'Free and trial products go through POST /license/product/free_or_trial.',
        body: purchaseRequestSchema,
        response: { 201: purchaseResponseSchema, ...authErrors, 502: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      forbidSubUser(user, 'buy a license');
      const body = request.body;

      const row = await findProduct(app.db, body.product_id);
      if (!row) throw productNotFound();
      if (row.licenseType === 'free' || row.licenseType === 'trial' || row.priceAmount <= 0) {
        throw new HttpError(
          400,
          'product-free-or-trial',
          'Free and trial products are activated through POST /license/product/free_or_trial',
        );
      }
      if (CONSENT_PLUGINS.has(row.pluginName) && !body.auto_upgrade_consent) {
        throw new HttpError(
          400,
          'auto-upgrade-consent-required',
          'Agree to automatic package upgrades to buy this plan',
          { auto_upgrade_consent: 'api_error_auto_upgrade_consent_required' },
        );
      }
      const contact = await loadContact(app.db, user);
      if (!isProfileComplete(contact)) {
        throw new HttpError(400, 'profile-incomplete', 'Missing contact information or product price');
      }

      const product = toProduct(row);
      let quote;
      try {
        quote = quotePurchase(product, body, { country: contact.country, vatId: contact.vatID });
      } catch (err) {
        if (!(err instanceof QuoteError)) throw err;
        throw new HttpError(400, 'extra-not-available', err.message, { [err.field]: 'api_error_extra_not_available' });
      }

      const subscription =
        row.licenseType === 'subscription' && row.durationUnit && row.duration
          ? { unit: row.durationUnit, duration: row.duration }
          : null;
      const proceedType: ProceedType = subscription ? 'PaypalPaymentSubscriptionAutoPayment' : 'PaypalPayment';
      const buyer = buyerSnapshot(contact, user.language);
      const { id } = await createDraftInvoice(app.db, {
        userId: user.id,
        userEmail: user.email,
        language: user.language,
        buyer,
        quote,
        products: [{ productId: row.id, info: row.name }],
        proceedType,
        purchase: {
          product_id: row.id,
          extra_users_count: body.extra_users_count,
          extra_email_blocks: body.extra_email_blocks,
          auto_upgrade_consent: body.auto_upgrade_consent,
        },
        paymentProvider: app.paymentProvider.name,
      });
      const checkout = await startCheckout(
        { db: app.db, provider: app.paymentProvider, log: request.log },
        {
          invoiceId: id,
          grossCents: quote.grossCents,
          currency: quote.currency,
          description: row.name,
          language: user.language,
          subscription,
        },
      );
      const response: PurchaseResponse = {
        invoice_id: id,
        payment_url: checkout.paymentUrl,
        proceed_url: checkout.paymentUrl,
        quote,
      };
      return reply.code(201).send(response);
    },
  );

  app.get(
    '/:id/payment-check',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['invoice'],
        summary: 'Payment status of one of your invoices (Created, Pending, Paid, Failed, Refunded)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: paymentCheckResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      forbidSubUser(user, 'see invoices');
      const invoice = await findOwnedInvoice(app.db, ownerIdFor(user), request.params.id);
      if (!invoice) throw invoiceNotFound();
      const payment = await findLatestPayment(app.db, invoice.id);
      const status = payment?.status === 'Refunded' ? 'Refunded' : invoice.status;
      return { invoice_id: invoice.id, payment: { status }, invoice_number: invoice.invoiceNumber ?? null };
    },
  );
};

export default purchaseRoutes;
