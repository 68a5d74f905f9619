import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createPaymentProvider, type PaymentProvider } from '../modules/payment';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider chosen by PAYMENT_PROVIDER (sandbox by default). */
    paymentProvider: PaymentProvider;
  }
}

/** Decorates the app with the configured payment provider; the payment module's routes and POST /invoice use it. */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    app.decorate('paymentProvider', createPaymentProvider(app, opts.config));
  },
  { name: 'payments', dependencies: ['db', 'mail', 'identity'] },
);
