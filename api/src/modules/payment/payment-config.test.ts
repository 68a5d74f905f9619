import { ConfigError, loadConfig } from '../../config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-payment-config-test' };

describe('payment configuration', () => {
  it('defaults to the sandbox with a generated secret and its own webhook address', () => {
    expect(loadConfig(base).payment).toMatchObject({
      provider: 'sandbox',
      sandboxSecret: null,
      sandboxWebhookUrl: null,
      paypal: { environment: 'sandbox', certHosts: ['api.paypal.com', 'api.sandbox.paypal.com'], apiBaseUrl: null },
    });
  });

  it('switches PayPal on only with client id, secret, webhook id and return URL', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, PAYPAL_RETURN_BASE_URL',
    );
    const config = loadConfig({
      ...base,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_RETURN_BASE_URL: 'https://portal.example/',
      PAYPAL_ENVIRONMENT: 'live',
      PAYPAL_CERT_HOSTS: 'API.PAYPAL.COM',
    });
    expect(config.payment.provider).toBe('paypal');
    expect(config.payment.paypal).toMatchObject({
      environment: 'live',
      returnBaseUrl: 'https://portal.example',
      certHosts: ['api.paypal.com'],
    });
  });

  it('trusts the certificates of PAYPAL_API_BASE (the simulator) outside production only', () => {
    const paypal = {
      ...base,
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_RETURN_BASE_URL: 'http://localhost:8080',
      PAYPAL_API_BASE: 'http://127.0.0.1:8790/',
    };
    expect(loadConfig(paypal).payment.paypal).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:8790',
      simulatorOrigin: 'http://127.0.0.1:8790',
    });
    // The old name still points the SDK there.
    const { PAYPAL_API_BASE: _unused, ...old } = paypal;
    expect(loadConfig({ ...old, PAYPAL_API_BASE_URL: 'http://127.0.0.1:9' }).payment.paypal.apiBaseUrl).toBe(
      'http://127.0.0.1:9',
    );
    const production = loadConfig({ ...paypal, PORTAL_MODE: 'production', FIREBASE_AUTH_EMULATOR_HOST: '' });
    expect(production.payment.paypal).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:8790', simulatorOrigin: null });
  });

  it('refuses unknown providers, short sandbox secrets and non-http URLs in one sentence', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      new ConfigError('Invalid configuration: PAYMENT_PROVIDER must be sandbox or paypal (got "stripe").'),
    );
    expect(() => loadConfig({ ...base, PAYMENT_SANDBOX_SECRET: 'short' })).toThrow('at least 32 characters');
    expect(() => loadConfig({ ...base, PAYMENT_SANDBOX_WEBHOOK_URL: 'ftp://x' })).toThrow('http(s) URL');
  });
});
