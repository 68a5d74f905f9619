// What every PayPal REST answer shares: the error body ({ name, message, debug_id, details, links }), the bearer
// token check, `Prefer: return=representation|minimal`, and PayPal-Request-Id idempotency (a POST repeated with the
// same request id gets the first answer again, without doing anything twice).
import crypto from 'node:crypto';

const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  MALFORMED_REQUEST: 'The request payload is not well formed.',
};

export class PayPalError extends Error {
  /**
   * @param {number} status
   * @param {string} name e.g. UNPROCESSABLE_ENTITY
   * @param {{ issue: string, description: string, field?: string, location?: string }[]} [details]
   */
  constructor(status, name, details = [], message = MESSAGES[name] ?? name) {
    super(message);
    this.status = status;
    this.errorName = name;
    this.details = details;
  }
}

export const invalid = (issue, description, field) =>
  new PayPalError(400, 'INVALID_REQUEST', [{ issue, description, ...(field && { field, location: 'body' }) }]);
export const unprocessable = (issue, description) =>
  new PayPalError(422, 'UNPROCESSABLE_ENTITY', [{ issue, description }]);
export const notFound = () =>
  new PayPalError(404, 'RESOURCE_NOT_FOUND', [
    {
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

/** What a lookup found, or PayPal's 404 for an id it does not know. */
export function found(item) {
  if (!item) throw notFound();
  return item;
}

export function errorBody(err) {
  return {
    name: err.errorName,
    message: err.message,
    debug_id: crypto.randomBytes(7).toString('hex'),
    ...(err.details.length && { details: err.details }),
    links: [
      {
        href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${err.errorName.toLowerCase()}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  };
}

export const wantsRepresentation = (request) =>
  String(request.headers.prefer ?? '')
    .toLowerCase()
    .includes('return=representation');

/** REST paths that need a bearer token (the token endpoint, certificates, pages and the control API do not). */
const needsToken = (url) =>
  /^\/v[12]\//.test(url) &&
  !url.startsWith('/v1/oauth2/token') &&
  !url.startsWith('/v1/notifications/certs/') &&
  !url.startsWith('/v1/simulator/');

/** Installs the parsers, the error handler, the token check and request-id idempotency on the app. */
export function installRestBasics(app, store) {
  // PayPal accepts an empty body where none is needed (suspend, activate); invalid JSON is MALFORMED_REQUEST_JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (!body.trim()) return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body))),
  );

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof PayPalError) return reply.code(err.status).send(errorBody(err));
    if (err.statusCode && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send(errorBody(new PayPalError(err.statusCode, 'INVALID_REQUEST', [], err.message)));
    }
    request.log.error(err);
    if (process.env.PAYPAL_SIMULATOR_DEBUG) console.error(err);
    return reply
      .code(500)
      .send(errorBody(new PayPalError(500, 'INTERNAL_SERVER_ERROR', [], 'An internal server error occurred.')));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!needsToken(request.url)) return;
    const auth = String(request.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!store.tokenValid(token)) {
      return reply.code(401).send(errorBody(new PayPalError(401, 'AUTHENTICATION_FAILURE')));
    }
    const requestId = request.headers['paypal-request-id'];
    if (request.method === 'POST' && typeof requestId === 'string' && requestId) {
      const key = `POST ${request.url.split('?')[0]} ${requestId}`;
      const hit = store.recalled(key);
      if (hit) {
        reply.header('paypal-debug-id', 'replayed').code(hit.status).type('application/json');
        return reply.send(hit.body);
      }
      request.idempotencyKey = key;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.idempotencyKey && reply.statusCode < 500 && reply.statusCode !== 401) {
      store.remember(request.idempotencyKey, reply.statusCode, typeof payload === 'string' ? payload : '');
      request.idempotencyKey = undefined;
    }
    return payload;
  });
}

/** The money object of the v2 APIs, checked: { currency_code: 'EUR', value: '12.30' }. */
export function checkMoney(money, field) {
  if (!money || typeof money !== 'object')
    throw invalid('MISSING_REQUIRED_PARAMETER', 'A required field is missing.', field);
  if (typeof money.currency_code !== 'string' || !/^[A-Z]{3}$/.test(money.currency_code)) {
    throw invalid('INVALID_PARAMETER_VALUE', 'The currency code is invalid.', `${field}/currency_code`);
  }
  if (typeof money.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(money.value)) {
    throw invalid('INVALID_PARAMETER_VALUE', 'The amount value is invalid.', `${field}/value`);
  }
  return { currency_code: money.currency_code, value: money.value };
}

/** PayPal's fee of the simulator (2.49 % + 0.35): the seller's net of a gross amount. */
export function feeOf(cents) {
  return Math.round(cents * 0.0249) + 35;
}
