// Demo seeder: the demo seller's invoices, made the way a purchase makes them (quotePurchase → draft →
// finalizeInvoice), so /invoices shows real numbered invoices with their stored PDFs, one unpaid draft and one expired
// checkout.
import { quotePurchase, taxBuyerOf, type BuyerSnapshot, type Product } from '@portal/shared/domain';
import type { FastifyInstance } from 'fastify';
import {
  CHECKOUT_EXPIRY_MS,
  countOwnedInvoices,
  createDraftInvoice,
  expireCheckouts,
  finalizeInvoice,
} from '../modules/invoice';
import { findOwnerLicenseRowByKey } from '../modules/license';
import { findProduct } from '../modules/license/product';
import { findUserByEmail } from '../modules/user';
import { findProfile } from '../modules/user/profile';
import { DEMO_SELLER } from './demo';

const DEMO_PURCHASES = [
  { licenseKey: 'FD-DEMO-0001-ACTV', productId: 'fresh_desk-advanced-yearly', extraUsers: 2, paid: true },
  { licenseKey: 'GPSR-DEMO-0002-SOON', productId: 'gpsr-basic-monthly', extraUsers: 0, paid: true },
  { licenseKey: null, productId: 'mobile-economical-monthly', extraUsers: 0, paid: false },
  // A checkout the seller never paid: shown Expired (the seeder expires it as if a day had passed).
  { licenseKey: null, productId: 'lieferbar-basic-monthly', extraUsers: 0, paid: false, expired: true },
];

/** Runs after the accounts and licenses seeders; does nothing once the demo seller has invoices. */
export async function seedDemoInvoices(app: FastifyInstance): Promise<void> {
  const seller = await findUserByEmail(app.db, DEMO_SELLER.email);
  if (!seller) return;
  if ((await countOwnedInvoices(app.db, seller.id)) > 0) return;
  const profile = await findProfile(app.db, seller.id);
  if (!profile) return;
  const buyer: BuyerSnapshot = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName,
    street: profile.street,
    houseNumber: profile.houseNumber,
    postalCode: profile.postalCode,
    city: profile.city,
    country: profile.country,
    vatId: profile.vatId,
    invoiceEmail: profile.invoiceEmail || seller.email,
    language: seller.language,
  };
  for (const purchase of DEMO_PURCHASES) {
    const product = await findProduct(app.db, purchase.productId);
    if (!product) continue;
    const priced = {
      name: product.name,
      priceNetto: { amount: product.priceAmount, currency: product.currency },
      licenseTypeDetails: [{ extraOptions: product.extraOptions }],
    } as unknown as Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'>;
    const selection = { extra_users_count: purchase.extraUsers, extra_email_blocks: 0 };
    const quote = quotePurchase(
      priced,
      selection,
      taxBuyerOf({ country: buyer.country, vatID: buyer.vatId, vatVerification: null }),
    );
    const { id } = await createDraftInvoice(app.db, {
      userId: seller.id,
      userEmail: seller.email,
      language: buyer.language,
      buyer,
      quote,
      products: [{ productId: product.id, info: product.name }],
      proceedType: 'PaypalPayment',
      purchase: { product_id: product.id, ...selection, auto_upgrade_consent: true },
      paymentProvider: 'sandbox',
      ...('expired' in purchase && { purchaseProductId: product.id }),
    });
    if ('expired' in purchase) {
      await expireCheckouts(app.db, new Date(Date.now() + CHECKOUT_EXPIRY_MS), seller.id);
      continue;
    }
    if (!purchase.paid || !purchase.licenseKey) continue;
    const license = await findOwnerLicenseRowByKey(app.db, seller.id, purchase.licenseKey);
    if (!license) continue;
    await finalizeInvoice(app.db, id, {
      paidAt: license.createdAt,
      servicePeriod: { start: license.createdAt, end: license.expiresAt },
      licenseId: license.id,
      seller: app.config.seller,
    });
  }
}
