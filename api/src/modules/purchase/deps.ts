import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { SellerConfig } from '../../config';
import type { Db } from '../../db/client';
import type { MailService } from '../../plugins/mail';
import type { ViesClient } from '../../services/vies';
import type { PaymentProvider } from '../payment';

/**
 * What the purchase module's services use, as a plain object: each service names the part it needs (a Pick of
 * this), so a test can hand in another provider or a failing identity service.
 */
export interface PurchaseDeps {
  db: Db;
  /** The configured payment provider. */
  provider: PaymentProvider;
  mail: Pick<MailService, 'send'>;
  /** The identity service: the buyer's login must exist before a license is bound to it. */
  firebaseAuth: Pick<Auth, 'getUser'>;
  log: FastifyBaseLogger;
  /** VIES: the buyer's VAT ID is confirmed before reverse charge (user/profile loadContactWithVatCheck). */
  vies: ViesClient;
  /** The portal's address, for links in mails (the first allowed origin; empty without one). */
  portalUrl: string;
  /** Days a license keeps working after its paid period while a failed renewal payment is open (PAYMENT_GRACE_DAYS). */
  paymentGraceDays: number;
  /** The seller printed on the invoices finalized now (the operating company); unset: the SELLER_* environment. */
  seller?: SellerConfig;
}

/** The purchase deps of the app: the routes, the scheduler and the job command build them here. */
export const purchaseDeps = (app: FastifyInstance): PurchaseDeps => ({
  db: app.db,
  provider: app.paymentProvider,
  mail: app.mail,
  firebaseAuth: app.firebaseAuth,
  log: app.log,
  vies: app.vies,
  portalUrl: app.config.corsOrigins[0] ?? '',
  paymentGraceDays: app.config.payment.graceDays,
  seller: app.config.seller,
});
