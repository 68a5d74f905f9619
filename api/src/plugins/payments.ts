import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createPaymentProvider, type PaymentProvider } from '../modules/payment';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider chosen by PAYMENT_PROVIDER (sandbox by default). */
    paymentProvider: PaymentProvider;
  }
}

/** Decorates the app with the configured payment provider; the purchase module's routes and jobs use it. */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    const host = { log: app.log, listeningAddress: () => app.server.address() };
    app.decorate('paymentProvider', createPaymentProvider(host, opts.config));
  },
  { name: 'payments', dependencies: ['db', 'mail', 'identity'] },
);
