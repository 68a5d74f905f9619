// Drafts for invoice tests, made the way POST /invoice makes them (quotePurchase + createDraftInvoice).
import { quotePlanChange, quotePurchase, type BuyerSnapshot, type Product } from '@portal/shared/domain';
import type { Db } from '../src/db/client';
import { createDraftInvoice } from '../src/modules/invoice/repository';

export const DE_BUYER: BuyerSnapshot = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  companyName: 'Mustermann Versand GmbH',
  street: 'Hafenstraße',
  houseNumber: '7',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  vatId: 'DE123456788',
  invoiceEmail: 'buchhaltung@mustermann.example',
  language: 'de',
};

/** An Austrian company with a VAT ID that passes jsvat: reverse charge once VIES confirmed it, 20 % until then. */
export const AT_BUYER: BuyerSnapshot = {
  firstName: 'Johann',
  lastName: 'Huber',
  companyName: 'Huber Handels GmbH',
  street: 'Kärntner Ring',
  houseNumber: '12',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
  vatId: 'ATU13585627',
  invoiceEmail: 'office@huber.example',
  language: 'en',
};

/** A French buyer without a VAT ID: France's standard rate, 20 % (One-Stop-Shop). */
export const FR_BUYER: BuyerSnapshot = {
  firstName: 'Claire',
  lastName: 'Martin',
  companyName: '',
  street: 'Rue de Rivoli',
  houseNumber: '10',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  vatId: '',
  invoiceEmail: 'claire@martin.example',
  language: 'en',
};

/** A Swiss company with its UID: not taxable in Germany. */
export const CH_BUYER: BuyerSnapshot = {
  firstName: 'Urs',
  lastName: 'Keller',
  companyName: 'Keller Versand AG',
  street: 'Bahnhofstrasse',
  houseNumber: '21',
  postalCode: '8001',
  city: 'Zürich',
  country: 'CH',
  vatId: 'CHE123456788',
  invoiceEmail: 'buchhaltung@keller.example',
  language: 'de',
};

export const YEARLY_PRODUCT: Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'> = {
  name: 'Fresh Desk Basic (yearly)',
  priceNetto: { amount: 29900, currency: 'EUR' },
  licenseTypeDetails: [
    {
      type: 'subscription',
      licenseValidDuration: [{ unit: 'year', duration: 1 }],
      maxRegistrationsCount: 1,
      extraOptions: { extra_user_price_cents: 6000, email_block_price_cents: 1200 },
    },
  ],
} as Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'>;

export async function createDraft(
  db: Db,
  owner: { uid: string; email: string },
  buyer: BuyerSnapshot = DE_BUYER,
  selection = { extra_users_count: 2, extra_email_blocks: 1 },
  vatIdVerified = false,
): Promise<string> {
  const quote = quotePurchase(YEARLY_PRODUCT, selection, { country: buyer.country, vatId: buyer.vatId, vatIdVerified });
  const { id } = await createDraftInvoice(db, {
    userId: owner.uid,
    userEmail: owner.email,
    language: buyer.language,
    buyer,
    quote,
    products: [{ productId: 'fresh_desk-basic-yearly', info: 'fresh_desk' }],
    proceedType: 'PaypalPayment',
    purchase: { product_id: 'fresh_desk-basic-yearly', auto_upgrade_consent: true, ...selection },
    paymentProvider: 'sandbox',
  });
  return id;
}

/**
 * A plan change draft as POST /invoice makes it: Basic yearly (paid 299,00 € net for the year) changed to a plan
 * of 599,00 € a year with two extra users, half way through the year — the new plan for half a year less the
 * credit for the unused half of what was paid.
 */
export async function createPlanChangeDraft(
  db: Db,
  owner: { uid: string; email: string },
  buyer: BuyerSnapshot = DE_BUYER,
): Promise<string> {
  const start = new Date('2026-01-01T00:00:00Z');
  const end = new Date(start.getTime() + YEAR_MS);
  const next = {
    ...YEARLY_PRODUCT,
    name: 'Fresh Desk Optimal (yearly)',
    priceNetto: { amount: 59900, currency: 'EUR' },
  };
  const vatBuyer = { country: buyer.country, vatId: buyer.vatId, vatIdVerified: false };
  const change = quotePlanChange({
    period: { start, end, paidNetCents: 29900 },
    nextQuote: quotePurchase(next, { extra_users_count: 2 }, vatBuyer),
    nextPeriodMs: YEAR_MS,
    currentName: YEARLY_PRODUCT.name,
    buyer: vatBuyer,
    now: new Date(start.getTime() + YEAR_MS / 2),
  });
  const { id } = await createDraftInvoice(db, {
    userId: owner.uid,
    userEmail: owner.email,
    language: buyer.language,
    buyer,
    quote: change.quote,
    products: [{ productId: 'fresh_desk-optimal-yearly', info: 'fresh_desk' }],
    proceedType: 'PaypalPayment',
    purchase: {
      product_id: 'fresh_desk-optimal-yearly',
      auto_upgrade_consent: true,
      extra_users_count: 2,
      extra_email_blocks: 0,
    },
    paymentProvider: 'sandbox',
  });
  return id;
}

export const YEAR_MS = 365 * 86_400_000;

export const finalizeOptions = (paidAt = new Date()) => ({
  paidAt,
  servicePeriod: { start: paidAt, end: new Date(paidAt.getTime() + YEAR_MS) },
  licenseId: null,
});
