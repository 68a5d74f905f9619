// PayPalProvider.cancelSubscription against a local server that answers like PayPal's REST API: the SDK's request
// (path, body, bearer token) and what each answer means for the account deletion.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../config';
import { PayPalProvider } from './paypal-provider';
import { PaymentProviderError } from './provider';

interface Call {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

let calls: Call[] = [];
/** Status (and body) the cancel endpoint answers with next. */
let answer: { status: number; body?: unknown } = { status: 204 };

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (status: number, json?: unknown) => {
      res.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (req.url === '/v1/oauth2/token') {
      return send(200, { access_token: 'A21AA-cancel-token', token_type: 'Bearer', expires_in: 32400 });
    }
    calls.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: raw ? JSON.parse(raw) : null,
    });
    send(answer.status, answer.body);
  });
});

const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
let provider: PayPalProvider;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_WEBHOOK_ID: 'WH-CANCEL',
    PAYPAL_RETURN_BASE_URL: 'https://portal.example',
    PAYPAL_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  provider = new PayPalProvider(config.payment.paypal, silent);
});
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
});

const unprocessable = {
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: 'f1c4d5e6a7b8',
  details: [
    {
      issue: 'SUBSCRIPTION_STATUS_INVALID',
      description: 'Invalid subscription status for cancel action; subscription status should be active or suspended.',
    },
  ],
};

describe('PayPalProvider.cancelSubscription', () => {
  it('posts the reason to /v1/billing/subscriptions/{id}/cancel with the bearer token', async () => {
    answer = { status: 204 };
    await provider.cancelSubscription('I-BW452GLLEP1G', 'The customer deleted their portal account');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/billing/subscriptions/I-BW452GLLEP1G/cancel',
        authorization: 'Bearer A21AA-cancel-token',
        body: { reason: 'The customer deleted their portal account' },
      },
    ]);
  });

  it('cuts the reason to the 128 characters PayPal takes', async () => {
    answer = { status: 204 };
    await provider.cancelSubscription('I-LONGREASON', 'x'.repeat(300));
    expect(calls[0].body).toEqual({ reason: 'x'.repeat(128) });
  });

  it.each([
    ['404: PayPal knows no such subscription', { status: 404, body: { name: 'RESOURCE_NOT_FOUND', debug_id: 'a1' } }],
    ['422: it is already cancelled or expired', { status: 422, body: unprocessable }],
  ])('counts %s as cancelled', async (_label, reply) => {
    answer = reply;
    await expect(provider.cancelSubscription('I-GONE', 'reason')).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['500', { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', debug_id: 'b2' } }],
    ['403', { status: 403, body: { name: 'NOT_AUTHORIZED', debug_id: 'c3' } }],
  ])('throws PaymentProviderError on %s', async (_label, reply) => {
    answer = reply;
    await expect(provider.cancelSubscription('I-FAILS', 'reason')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
