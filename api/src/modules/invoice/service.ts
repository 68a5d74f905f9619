// Buying (POST /invoice): a draft invoice priced from the catalogue and the checkout with the configured provider.
import {
  isProfileComplete,
  QuoteError,
  quotePurchase,
  type purchaseRequestSchema,
  type PurchaseResponse,
} from '@portal/shared/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ProceedType, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { findProduct, productNotFound, toProduct } from '../license/product';
import { startCheckout } from '../payment';
import { loadContact } from '../user/profile';
import { buyerSnapshot } from './buyer-snapshot';
import { createDraftInvoice } from './repository';

/** fresh_desk paid plans need "I agree to automatic package upgrades if base limits are exceeded". */
const CONSENT_PLUGINS = new Set(['fresh_desk']);

export async function buyProduct(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  user: UserRow,
  body: z.output<typeof purchaseRequestSchema>,
): Promise<PurchaseResponse> {
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
    throw new HttpError(400, 'auto-upgrade-consent-required', 'Agree to automatic package upgrades to buy this plan', {
      auto_upgrade_consent: 'api_error_auto_upgrade_consent_required',
    });
  }
  const contact = await loadContact(app.db, user);
  if (!isProfileComplete(contact)) {
    throw new HttpError(400, 'profile-incomplete', 'Missing contact information or product price');
  }

  let quote;
  try {
    quote = quotePurchase(toProduct(row), body, { country: contact.country, vatId: contact.vatID });
  } catch (err) {
    if (!(err instanceof QuoteError)) throw err;
    throw new HttpError(400, 'extra-not-available', err.message, { [err.field]: 'api_error_extra_not_available' });
  }

  const subscription =
    row.licenseType === 'subscription' && row.durationUnit && row.duration
      ? { unit: row.durationUnit, duration: row.duration }
      : null;
  const proceedType: ProceedType = subscription ? 'PaypalPaymentSubscriptionAutoPayment' : 'PaypalPayment';
  const { id } = await createDraftInvoice(app.db, {
    userId: user.id,
    userEmail: user.email,
    language: user.language,
    buyer: buyerSnapshot(contact, user.language),
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
    { db: app.db, provider: app.paymentProvider, log },
    {
      invoiceId: id,
      amountCents: quote.grossCents,
      currency: quote.currency,
      description: row.name,
      language: user.language,
      subscription,
    },
  );
  return { invoice_id: id, payment_url: checkout.paymentUrl, proceed_url: checkout.paymentUrl, quote };
}
