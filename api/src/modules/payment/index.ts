// The payment module: the providers (the PaymentProvider interface, the sandbox and PayPal, the factory the payments
// plugin calls, the webhook signature checks) and the two tables it alone writes, payments and payment_events. It
// knows nothing of invoices, licenses or subscriptions: the purchase module above it does.
export {
  erasePaymentEventsOfInvoices,
  findChargePaymentId,
  findLatestPayment,
  findPaidPayment,
  findPaymentById,
  findStoredEvent,
  findPaymentByRef,
  insertPayment,
  invoicesWithReceivedPayment,
  markEventProcessed,
  markPaymentFailed,
  markPaymentPaid,
  markPaymentRefunded,
  recordEvent,
  type PaymentRow,
} from './repository';
export {
  PaymentProviderError,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type RevisionResult,
  type SubscriptionRevision,
  type WebhookRequest,
} from './provider';
export { SandboxProvider, signSandboxBody } from './sandbox-provider';
export type { PayPalProvider } from './paypal-provider';
export { createPaymentProvider } from './provider-factory';
