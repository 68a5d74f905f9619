import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createViesClient, type ViesClient } from './client';

export { createViesClient, VIES_TIMEOUT_MS } from './client';
export type { ViesAnswer, ViesClient, ViesClientOptions } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    /** VIES (VIES_URL): the profile's VAT ID check and the check before reverse charge. */
    vies: ViesClient;
  }
}

/** Decorates `app.vies`, asking VIES as the invoices' seller (the requester of a qualified check). */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    app.decorate('vies', createViesClient({ baseUrl: opts.config.vies.url, requesterVatId: opts.config.seller.vatId }));
  },
  { name: 'vies' },
);
