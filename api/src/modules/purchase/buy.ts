// Pricing (POST /invoice/quote, writes nothing) and buying (POST /invoice): a draft invoice priced from the catalogue and the checkout with the configured provider.
// One purchase per seller and product is in flight at a time: a repeated request (same Idempotency-Key) gets its
// draft back, another request for the same product and choice gets the open draft, and parallel requests cannot
// make a second one (the seller's row lock here, and the unique index invoices_open_purchase_idx below it).
import { isDeepStrictEqual } from 'node:util';
import {
  isProfileComplete,
  type ProfileContact,
  type DurationUnit,
  QuoteError,
  quotePurchase,
  storedVatTreatment,
  taxBuyerOf,
  type BuyerSnapshot,
  type purchaseRequestSchema,
  type PlanChangeScheduled,
  type TaxBuyer,
  type PurchaseQuote,
  type PurchaseResponse,
  type QuoteRow,
} from '@portal/shared/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ProceedType, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import {
  buyerSnapshot,
  createDraftInvoice,
  expireCheckouts,
  isExpiredCheckout,
  findInvoiceByIdempotencyKey,
  findOpenPurchase,
  setDraftPaymentStatus,
  type InvoiceRow,
  type PurchaseJson,
} from '../invoice';
import { lockOwnerRow } from '../license';
import { findProduct, productNotFound, toProduct, type ProductRow } from '../license/product';
import { loadContactWithVatCheck, type VatCheckDeps } from '../user/profile';
import { startCheckout } from './checkout';
import { offerPlanChange, schedulePlanChange } from './plan-change';
import type { PurchaseDeps } from './deps';

/** fresh_desk paid plans need "I agree to automatic package upgrades if base limits are exceeded". */
const CONSENT_PLUGINS = new Set(['fresh_desk']);

/**
 * An open draft's checkout is offered again only while it is younger than this: PayPal's approve link of an order
 * that was not approved lapses after 3 hours, so an older draft is replaced by a new one with a fresh checkout.
 */
export const OPEN_PURCHASE_REUSE_MS = 2 * 60 * 60 * 1000;

/** An Idempotency-Key: 1 to 255 visible ASCII characters (the portal sends a UUID per purchase dialog). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new HttpError(400, 'validation-error', 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
      'Idempotency-Key': 'validation_field_invalid',
    });
  }
  return header;
}

export type PurchaseOutcome =
  | {
      /** true: this request's draft (201, also when its Idempotency-Key repeats it); false: the open draft (200). */
      created: boolean;
      response: PurchaseResponse;
    }
  /** A plan change that waits for the period end: recorded, nothing to pay now (202). */
  | { scheduled: PlanChangeScheduled };

/** A buy request checked and priced: what POST /invoice/quote answers and POST /invoice turns into a draft. */
export interface PricedPurchase {
  row: ProductRow;
  quote: PurchaseQuote;
  purchase: PurchaseJson;
  buyer: BuyerSnapshot;
  /** Set for subscription products: the provider bills per this period. */
  subscription: { unit: DurationUnit; duration: number } | null;
  /** The buyer as the tax decision sees them (country, VIES-confirmed VAT ID). */
  taxBuyer: TaxBuyer;
}

/**
 * The VAT decision and amounts of a purchase for this buyer: the one place that turns catalogue prices and the
 * buyer's invoice address into the quote, for the quote route and the draft alike.
 */
export function quoteFor(
  row: ProductRow,
  selection: Pick<PurchaseJson, 'extra_users_count' | 'extra_email_blocks'>,
  contact: Pick<ProfileContact, 'country' | 'vatID' | 'vatVerification'>,
): PurchaseQuote {
  try {
    return quotePurchase(toProduct(row), selection, taxBuyerOf(contact));
  } catch (err) {
    if (!(err instanceof QuoteError)) throw err;
    throw new HttpError(400, 'extra-not-available', err.message, { [err.field]: 'api_error_extra_not_available' });
  }
}

/**
 * Checks a buy request (a sellable product, the consent it needs, a complete invoice address, extras the product
 * sells) and prices it. Reads only: the quote route answers this without writing anything.
 */
export async function pricePurchase(
  deps: VatCheckDeps,
  user: UserRow,
  body: z.output<typeof purchaseRequestSchema>,
): Promise<PricedPurchase> {
  const row = await findProduct(deps.db, body.product_id);
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
  // Reverse charge needs VIES's confirmation of the VAT ID now: renewed here, before any transaction waits on VIES.
  const contact = await loadContactWithVatCheck(deps, user);
  if (!isProfileComplete(contact)) {
    throw new HttpError(400, 'profile-incomplete', 'Missing contact information or product price');
  }
  const quote = quoteFor(row, body, contact);
  const subscription =
    row.licenseType === 'subscription' && row.durationUnit && row.duration
      ? { unit: row.durationUnit, duration: row.duration }
      : null;
  const purchase: PurchaseJson = {
    product_id: row.id,
    extra_users_count: body.extra_users_count,
    extra_email_blocks: body.extra_email_blocks,
    auto_upgrade_consent: body.auto_upgrade_consent,
  };
  return {
    row,
    quote,
    purchase,
    buyer: buyerSnapshot(contact, user.language),
    subscription,
    taxBuyer: taxBuyerOf(contact),
  };
}

/**
 * POST /invoice/quote: what buying would cost, computed exactly as POST /invoice would price it, without writing a
 * row. Another plan of a plugin the seller subscribes to answers the plan change's quote (quote.plan_change); the
 * plan the seller already has answers 409, as buying it would.
 */
export async function quoteProduct(
  deps: VatCheckDeps,
  user: UserRow,
  body: z.output<typeof purchaseRequestSchema>,
): Promise<PurchaseQuote> {
  const { row, quote, purchase, subscription, taxBuyer } = await pricePurchase(deps, user, body);
  if (!subscription) return quote;
  const offer = await offerPlanChange(deps.db, user.id, row, purchase, quote, taxBuyer);
  return offer ? offer.quote : quote;
}

export async function buyProduct(
  deps: Pick<PurchaseDeps, 'db' | 'provider' | 'log' | 'vies'>,
  user: UserRow,
  body: z.output<typeof purchaseRequestSchema>,
  idempotencyKey: string | null = null,
): Promise<PurchaseOutcome> {
  const { db, provider, log } = deps;
  const { row, purchase, buyer, subscription, taxBuyer, ...priced } = await pricePurchase(deps, user, body);
  let { quote } = priced;
  const proceedType: ProceedType = subscription ? 'PaypalPaymentSubscriptionAutoPayment' : 'PaypalPayment';

  // One transaction under the seller's row lock: parallel requests of the seller run one after the other, so the
  // second one finds the first one's draft (with its checkout) instead of making its own. A provider failure rolls
  // the attempt back entirely: no draft is left and the same Idempotency-Key can try again.
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockOwnerRow(tx, user.id);

    if (idempotencyKey) {
      const prior = await findInvoiceByIdempotencyKey(tx, user.id, idempotencyKey);
      if (prior) {
        if (!samePurchase(prior.purchase as unknown as PurchaseJson, purchase)) {
          throw new HttpError(
            422,
            'idempotency-key-reused',
            'This Idempotency-Key was already used for another purchase; send a new key for a new purchase',
          );
        }
        if (isExpiredCheckout(prior)) {
          throw new HttpError(
            409,
            'checkout-expired',
            'The purchase made with this Idempotency-Key has expired unpaid; send a new key for a new purchase',
          );
        }
        return { created: true, response: responseOf(prior) };
      }
    }

    // Another plan of a plugin the seller subscribes to changes that subscription (the seller's row lock and the
    // subscription's own lock keep two changes apart; subscriptions_live_plugin_idx keeps a second one out).
    const offer = subscription ? await offerPlanChange(tx, user.id, row, purchase, quote, taxBuyer) : null;
    if (offer?.change.timing === 'period_end') {
      return { scheduled: await schedulePlanChange({ db: tx, provider, log }, offer, row, purchase, user.language) };
    }
    if (offer) {
      quote = offer.quote;
      purchase.plan_change_of_subscription_id = offer.live.subscription.id;
    }

    // A checkout past its expiry is not the open purchase any more: it is marked Expired and a new one is made.
    await expireCheckouts(tx, new Date(), user.id);
    const open = await findOpenPurchase(tx, user.id, row.id);
    if (open) {
      if (isReusable(open, { purchase, quote, buyer, language: user.language })) {
        return { created: false, response: responseOf(open) };
      }
      // Another choice (extras, prices, invoice address) or a lapsed checkout: the new purchase replaces the open
      // one. Its old payment window can still be paid; post-payment then refuses a second subscription.
      await setDraftPaymentStatus(tx, open.id, 'Failed');
      log.info({ invoiceId: open.id }, 'open purchase replaced by a new choice of the same product');
    }

    const { id } = await createDraftInvoice(tx, {
      userId: user.id,
      userEmail: user.email,
      language: user.language,
      buyer,
      quote,
      products: [{ productId: row.id, info: row.name }],
      proceedType,
      purchase,
      paymentProvider: provider.name,
      purchaseProductId: row.id,
      idempotencyKey,
    });
    const checkout = await startCheckout(
      { db: tx, provider, log },
      {
        invoiceId: id,
        amountCents: quote.grossCents,
        currency: quote.currency,
        description: row.name,
        language: user.language,
        // A plan change is paid once; the provider's subscription is revised when it is paid (post-payment).
        subscription: offer ? null : subscription,
      },
    );
    return {
      created: true,
      response: { invoice_id: id, payment_url: checkout.paymentUrl, proceed_url: checkout.paymentUrl, quote },
    };
  });
}

const samePurchase = (a: PurchaseJson, b: PurchaseJson) =>
  a.product_id === b.product_id &&
  a.extra_users_count === b.extra_users_count &&
  a.extra_email_blocks === b.extra_email_blocks &&
  a.auto_upgrade_consent === b.auto_upgrade_consent;

/** As stored (jsonb): a nested value such as the VIES confirmation compares by content, not by object identity. */
const asStored = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const sameBuyer = (a: BuyerSnapshot, b: BuyerSnapshot) =>
  (Object.keys(b) as (keyof BuyerSnapshot)[]).every((key) => isDeepStrictEqual(asStored(a[key]), asStored(b[key])));

/**
 * The open draft answers a new request when it is what that request would make: the same product and extras at the
 * same amounts for the same invoice address and language, with a checkout that is still fresh.
 */
function isReusable(
  open: InvoiceRow,
  wanted: { purchase: PurchaseJson; quote: PurchaseQuote; buyer: BuyerSnapshot; language: UserRow['language'] },
): boolean {
  return (
    !!open.paymentUrl &&
    Date.now() - open.createdAt.getTime() < OPEN_PURCHASE_REUSE_MS &&
    samePurchase(open.purchase as unknown as PurchaseJson, wanted.purchase) &&
    open.amount === wanted.quote.grossCents &&
    open.amountNet === wanted.quote.netCents &&
    open.currency === wanted.quote.currency &&
    open.vatKind === wanted.quote.vat.kind &&
    open.vatRate === wanted.quote.vat.ratePercent &&
    open.language === wanted.language &&
    sameBuyer(open.buyer, wanted.buyer)
  );
}

/** The answer POST /invoice gave for a draft, rebuilt from the stored draft and its checkout. */
function responseOf(invoice: InvoiceRow): PurchaseResponse {
  const paymentUrl = invoice.paymentUrl ?? '';
  const quote: PurchaseQuote = {
    currency: invoice.currency,
    rows: invoice.rows.map((r) => ({ ...r, kind: r.kind as QuoteRow['kind'] })),
    netCents: invoice.amountNet,
    vat: storedVatTreatment(invoice.vatKind, invoice.vatRate, invoice.buyer.country),
    vatCents: invoice.vatAmount,
    grossCents: invoice.amount,
  };
  return { invoice_id: invoice.id, payment_url: paymentUrl, proceed_url: paymentUrl, quote };
}
