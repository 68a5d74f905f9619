// Webhook events as PayPal sends them: the event envelope (id WH-…, event_type, resource_type, summary, resource,
// links), POSTed as JSON to the subscribed URL and signed the way PayPal signs: SHA256withRSA over
// `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, unsigned decimal>`, with the signing
// certificate at PAYPAL-CERT-URL (the simulator serves it, chained to its own root). Events go out one after the
// other in the order they happened; a delivery that fails is retried a few times, as PayPal does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { paypalId } from './store.mjs';

const CERT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'certs');
/** The simulator's signing key and certificate chain (made for local development only; never trusted in production). */
export const SIGNING_KEY = fs.readFileSync(path.join(CERT_DIR, 'signing.key'), 'utf8');
export const SIGNING_CERT = fs.readFileSync(path.join(CERT_DIR, 'signing.pem'), 'utf8');
export const ROOT_CERT = fs.readFileSync(path.join(CERT_DIR, 'root.pem'), 'utf8');
export const CERT_ID = `CERT-simulator-${crypto.createHash('sha256').update(SIGNING_CERT).digest('hex').slice(0, 16)}`;

const RESOURCE_TYPES = {
  'CHECKOUT.ORDER.APPROVED': 'checkout-order',
  'PAYMENT.CAPTURE.COMPLETED': 'capture',
  'PAYMENT.CAPTURE.REFUNDED': 'refund',
  'PAYMENT.SALE.COMPLETED': 'sale',
  'PAYMENT.SALE.REFUNDED': 'refund',
};

const SUMMARIES = {
  'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer',
  'PAYMENT.CAPTURE.COMPLETED': (r) => `Payment completed for ${r.amount.currency_code} ${r.amount.value}`,
  'PAYMENT.CAPTURE.REFUNDED': (r) => `A ${r.amount.currency_code} ${r.amount.value} capture payment was refunded`,
  'PAYMENT.SALE.COMPLETED': (r) => `Payment completed for ${r.amount.currency} ${r.amount.total}`,
  'PAYMENT.SALE.REFUNDED': (r) => `A ${r.amount.currency} ${r.amount.total} sale payment was refunded`,
  'BILLING.SUBSCRIPTION.CREATED': 'Subscription created',
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/** Sign `body` as PayPal does; returns the headers of the delivery. */
export function signedHeaders(body, { webhookId, certUrl, now = new Date() }) {
  const transmissionId = crypto.randomUUID();
  const transmissionTime = now.toISOString();
  const message = `${transmissionId}|${transmissionTime}|${webhookId}|${zlib.crc32(Buffer.from(body)) >>> 0}`;
  const signature = crypto.sign('sha256', Buffer.from(message), SIGNING_KEY).toString('base64');
  return {
    'content-type': 'application/json',
    'user-agent': 'PayPal/AUHD-214.0-58364003',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': signature,
    'paypal-cert-url': certUrl,
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-auth-version': 'v2',
  };
}

/**
 * The event queue. `emit` records an event and queues its delivery; `deliver` sends one now (the control API waits
 * for it); `idle` resolves once the queue is empty (tests).
 */
export function createWebhooks({ store, webhookUrl, webhookId, apiBase, log = () => {}, retryDelaysMs }) {
  // The simulator's origin is known only once it listens: read it when an event is made.
  const base = typeof apiBase === 'function' ? apiBase : () => apiBase;
  const certUrl = () => `${base()}/v1/notifications/certs/${CERT_ID}`;
  const retries = retryDelaysMs ?? [1000, 5000, 30_000];
  let chain = Promise.resolve();
  let pending = 0;
  const idleWaiters = [];
  const settle = () => {
    if (pending === 0) for (const w of idleWaiters.splice(0)) w();
  };

  function envelope(type, resource) {
    const id = `WH-${paypalId(17)}-${paypalId(17)}`;
    const summary = SUMMARIES[type];
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: RESOURCE_TYPES[type] ?? 'subscription',
      resource_version: type.startsWith('PAYMENT.SALE.') ? '1.0' : '2.0',
      event_type: type,
      summary: typeof summary === 'function' ? summary(resource) : (summary ?? type),
      resource,
      links: [
        { href: `${base()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
  }

  /** POSTs the stored event once; records the attempt. */
  async function deliver(eventId) {
    const event = store.events.get(eventId);
    if (!event) throw new Error(`event ${eventId} unknown`);
    const attempt = { at: new Date().toISOString(), status: null, error: null };
    event.deliveries.push(attempt);
    if (!webhookUrl) {
      attempt.error = 'no webhook URL configured';
      store.save();
      return attempt;
    }
    const body = JSON.stringify(event.body);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: signedHeaders(body, { webhookId, certUrl: certUrl() }),
        body,
        signal: AbortSignal.timeout(30_000),
      });
      attempt.status = res.status;
      attempt.response = (await res.text()).slice(0, 500);
    } catch (err) {
      attempt.error = err.cause?.code ?? err.message;
    }
    event.status = attempt.status >= 200 && attempt.status < 300 ? 'SUCCESS' : 'PENDING';
    log(`webhook ${event.body.event_type} ${eventId} → ${attempt.status ?? attempt.error}`);
    store.save();
    return attempt;
  }

  function queue(eventId, retry = 0) {
    pending += 1;
    chain = chain
      .then(async () => {
        const attempt = await deliver(eventId);
        const ok = attempt.status >= 200 && attempt.status < 300;
        if (!ok && webhookUrl && retry < retries.length) {
          setTimeout(() => queue(eventId, retry + 1), retries[retry]).unref();
        }
      })
      .catch((err) => log(`webhook delivery failed: ${err.message}`))
      .finally(() => {
        pending -= 1;
        settle();
      });
    return chain;
  }

  return {
    certUrl,
    /**
     * Records an event of `type` about `resource` (a snapshot) and queues its delivery (`queued: false`: the caller
     * delivers it itself); returns the event.
     */
    emit(type, resource, { queued = true } = {}) {
      const body = envelope(type, structuredClone(resource));
      const event = { id: body.id, body, status: 'PENDING', deliveries: [] };
      store.events.set(event.id, event);
      store.save();
      if (queued) queue(event.id);
      return event;
    },
    deliver,
    /** Resolves when every queued delivery (not the later retries of failed ones) is done. */
    idle() {
      if (pending === 0) return chain;
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
