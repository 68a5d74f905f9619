// A local PayPal: the REST subset the portal's api uses (OAuth token, Orders v2, Catalog products, Billing Plans and
// Subscriptions v1, capture and sale refunds, webhook events and the signing certificate), the buyer's approval
// pages, and a small control API for tests and people:
//   POST /v1/simulator/subscriptions/{id}/cycle  { "outcome": "success" | "failure" }  bill the next cycle now
//   POST /v1/simulator/webhooks/redeliver        { "event_id": "WH-…" }                deliver an event again
//   GET  /v1/simulator/events?event_type=&resource_id=                                 the events sent, newest first
//   GET  /v1/simulator/certs/root.pem                                                  the root of the signing cert
// Webhooks are signed as PayPal signs them (webhooks.mjs); only a receiver that trusts the simulator's root (the
// api outside production) accepts them.
import Fastify from 'fastify';
import { billingRoutes } from './billing.mjs';
import { installRestBasics, invalid, notFound } from './http.mjs';
import { orderRoutes } from './orders.mjs';
import { pageRoutes } from './pages.mjs';
import { refundRoutes } from './refunds.mjs';
import { createStore } from './store.mjs';
import { CERT_ID, createWebhooks, ROOT_CERT, SIGNING_CERT } from './webhooks.mjs';

export const DEFAULT_CLIENT_ID = 'simulator-client-id';
export const DEFAULT_CLIENT_SECRET = 'simulator-client-secret';
export const DEFAULT_WEBHOOK_ID = 'WH-SIMULATOR-0000000000';
export const DEFAULT_PRODUCT_ID = 'PROD-PORTAL-SIMULATOR';

/**
 * @param {{
 *   port?: number, host?: string,
 *   publicUrl?: string,          // the simulator's origin as browsers and the api reach it (default: where it listens)
 *   webhookUrl?: string | null,  // where events are POSTed (the api's /api/payment/webhook/paypal)
 *   webhookId?: string, clientId?: string, clientSecret?: string, productId?: string,
 *   dataFile?: string | null,    // keep the state in this JSON file
 *   log?: (line: string) => void, retryDelaysMs?: number[],
 * }} options
 */
export async function startPayPalSimulator(options = {}) {
  const {
    port = 0,
    host = '127.0.0.1',
    webhookUrl = null,
    webhookId = DEFAULT_WEBHOOK_ID,
    clientId = DEFAULT_CLIENT_ID,
    clientSecret = DEFAULT_CLIENT_SECRET,
    productId = DEFAULT_PRODUCT_ID,
    dataFile = null,
    log = () => {},
  } = options;
  const app = Fastify({ logger: false });
  const store = createStore({ dataFile });
  if (!store.products.has(productId)) {
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    store.products.set(productId, {
      id: productId,
      name: 'Portal plugins',
      type: 'DIGITAL',
      create_time: time,
      update_time: time,
    });
  }
  // Filled in once the port is known; routes read it per request.
  const ctx = { store, api: '', web: '', webhooks: null };
  ctx.webhooks = createWebhooks({
    store,
    webhookUrl,
    webhookId,
    apiBase: () => ctx.api,
    log,
    retryDelaysMs: options.retryDelaysMs,
  });
  installRestBasics(app, store);

  app.post('/v1/oauth2/token', async (request, reply) => {
    const auth = String(request.headers.authorization ?? '');
    const [id, secret] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
      : [];
    if (id !== clientId || secret !== clientSecret) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (request.body?.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const expiresIn = 32400;
    return {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/subscriptions',
      access_token: store.issueToken(expiresIn),
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: expiresIn,
      nonce: `${new Date().toISOString()}simulator`,
    };
  });

  app.get('/v1/notifications/certs/:id', async (request, reply) => {
    if (request.params.id !== CERT_ID) throw notFound();
    return reply.type('application/x-pem-file').send(`${SIGNING_CERT.trim()}\n${ROOT_CERT.trim()}\n`);
  });
  app.get('/v1/simulator/certs/root.pem', async (_request, reply) =>
    reply.type('application/x-pem-file').send(ROOT_CERT),
  );

  app.get('/v1/notifications/webhooks-events/:id', async (request) => {
    const event = store.events.get(request.params.id);
    if (!event) throw notFound();
    return event.body;
  });
  const resend = async (eventId) => {
    if (typeof eventId !== 'string' || !store.events.has(eventId)) throw notFound();
    await ctx.webhooks.idle();
    const attempt = await ctx.webhooks.deliver(eventId);
    const event = store.events.get(eventId);
    return { id: eventId, event_type: event.body.event_type, status: event.status, delivery: attempt };
  };
  app.post('/v1/notifications/webhooks-events/:id/resend', async (request, reply) =>
    reply.code(202).send(await resend(request.params.id)),
  );
  app.post('/v1/simulator/webhooks/redeliver', async (request) => {
    const eventId = request.body?.event_id;
    if (typeof eventId !== 'string' || !eventId) {
      throw invalid('MISSING_REQUIRED_PARAMETER', 'event_id is required.', '/event_id');
    }
    return resend(eventId);
  });
  app.get('/v1/simulator/events', async (request) => {
    const { event_type: type, resource_id: resourceId } = request.query;
    const events = [...store.events.values()]
      .filter((e) => !type || e.body.event_type === type)
      .filter(
        (e) =>
          !resourceId || e.body.resource?.id === resourceId || e.body.resource?.billing_agreement_id === resourceId,
      )
      .reverse();
    return { events: events.map((e) => ({ ...e.body, delivery_status: e.status, deliveries: e.deliveries })) };
  });

  orderRoutes(app, ctx);
  billingRoutes(app, ctx);
  refundRoutes(app, ctx);
  pageRoutes(app, ctx);

  await app.listen({ port, host });
  const address = app.server.address();
  const listening = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const base = (options.publicUrl ?? listening).replace(/\/+$/, '');
  ctx.api = base;
  ctx.web = base;
  log(`PayPal simulator listening on ${listening}${webhookUrl ? `, webhooks to ${webhookUrl}` : ''}`);

  return {
    url: base,
    port: address.port,
    store,
    webhookId,
    clientId,
    clientSecret,
    productId,
    certUrl: ctx.webhooks.certUrl(),
    /** Resolves when every queued webhook has been delivered (or failed once). */
    idle: () => ctx.webhooks.idle(),
    async close() {
      await app.close();
    },
  };
}
