/**
 * The PayPal settings of a live production deployment (PAYMENT_PROVIDER=paypal, PAYPAL_ENVIRONMENT=live), with
 * stand-in credentials: what production mode needs to start instead of the sandbox provider.
 */
export const PAYPAL_LIVE_ENV = {
  PAYMENT_PROVIDER: 'paypal',
  PAYPAL_ENVIRONMENT: 'live',
  PAYPAL_CLIENT_ID: 'client-id',
  PAYPAL_CLIENT_SECRET: 'client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  PAYPAL_RETURN_BASE_URL: 'https://portal.nordlicht-portal.de',
};
