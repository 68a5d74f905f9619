import {
  makeTestCertificates,
  paypalHeaders,
  TEST_CERT_URL,
  type TestCertificates,
} from '../../../test/payment/paypal-test-cert';
import { WebhookSignatureError } from './provider';
import { verifyPayPalSignature, type PayPalSignatureOptions } from './paypal-webhook-signature';

let certs: TestCertificates;
const fetched: string[] = [];
let opts: PayPalSignatureOptions;

beforeAll(() => {
  certs = makeTestCertificates();
  opts = {
    webhookId: 'WH-TEST-123',
    allowedHosts: ['api.paypal.com', 'api.sandbox.paypal.com'],
    trustedRoots: [certs.caPem],
    fetchCert: async (url) => {
      fetched.push(url);
      return certs.leafPem;
    },
  };
});

const body = Buffer.from(JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }));

describe('verifyPayPalSignature (offline: CRC32 + certificate)', () => {
  it('accepts a body signed with the allow-listed certificate', async () => {
    const headers = paypalHeaders(body, { webhookId: opts.webhookId, key: certs.leafKey });
    await expect(verifyPayPalSignature({ headers, rawBody: body }, opts)).resolves.toBeUndefined();
    expect(fetched).toContain(TEST_CERT_URL);
  });

  it('refuses a changed body (the CRC32 in the signed message differs)', async () => {
    const headers = paypalHeaders(body, { webhookId: opts.webhookId, key: certs.leafKey });
    const tampered = Buffer.from(body.toString().replace('WH-1', 'WH-2'));
    await expect(verifyPayPalSignature({ headers, rawBody: tampered }, opts)).rejects.toThrow(
      'signature does not match',
    );
  });

  it('refuses a signature made for another webhook id', async () => {
    const headers = paypalHeaders(body, { webhookId: 'WH-OTHER', key: certs.leafKey });
    await expect(verifyPayPalSignature({ headers, rawBody: body }, opts)).rejects.toThrow(WebhookSignatureError);
  });

  it('refuses a certificate URL outside the allow-list without fetching it', async () => {
    const before = fetched.length;
    for (const certUrl of [
      'https://evil.example/cert.pem',
      'http://api.paypal.com/cert.pem',
      'https://api.paypal.com:8443/cert.pem',
      'https://api.paypal.com.evil.example/cert.pem',
    ]) {
      const headers = paypalHeaders(body, { webhookId: opts.webhookId, key: certs.leafKey, certUrl });
      await expect(verifyPayPalSignature({ headers, rawBody: body }, opts)).rejects.toThrow(WebhookSignatureError);
    }
    expect(fetched.length).toBe(before);
  });

  it('refuses a certificate that does not chain to a trusted root', async () => {
    const stranger = { ...opts, fetchCert: async () => certs.strangerPem };
    const headers = paypalHeaders(body, { webhookId: opts.webhookId, key: certs.strangerKey });
    await expect(verifyPayPalSignature({ headers, rawBody: body }, stranger)).rejects.toThrow('trusted root');
  });

  it('refuses an expired certificate', async () => {
    const later = { ...opts, now: () => new Date(Date.now() + 5 * 86_400_000) };
    const headers = paypalHeaders(body, { webhookId: opts.webhookId, key: certs.leafKey });
    await expect(verifyPayPalSignature({ headers, rawBody: body }, later)).rejects.toThrow('not valid now');
  });

  it('refuses missing headers and other algorithms', async () => {
    await expect(verifyPayPalSignature({ headers: {}, rawBody: body }, opts)).rejects.toThrow('missing');
    const headers = {
      ...paypalHeaders(body, { webhookId: opts.webhookId, key: certs.leafKey }),
      'paypal-auth-algo': 'SHA1withRSA',
    };
    await expect(verifyPayPalSignature({ headers, rawBody: body }, opts)).rejects.toThrow('unsupported algorithm');
  });
});
