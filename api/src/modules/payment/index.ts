// The payment module's public face: its routes (webhook, sandbox page, PayPal return) and what POST /invoice and
// the invoice module need: starting a checkout and reading a payment's state.
export { default } from './routes';
export { startCheckout } from './checkout';
export { findLatestPayment, findLiveSubscription } from './repository';
export type { PaymentProvider } from './provider';
export { createPaymentProvider } from './provider-factory';
export { chargeAutomatically, type AutoChargeResult } from './auto-charge';
