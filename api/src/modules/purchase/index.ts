// The purchase: the module above invoice, payment, license and subscription that turns a buyer's choice into money
// and money into what was bought. It prices and opens the purchase (POST /invoice), starts the checkout, settles the
// provider's events (webhook, sandbox page, PayPal return), runs the post-payment steps (it alone writes
// post_payment_steps), charges automatically (renewals, overage approvals) and erases the unpaid drafts of a deleted
// account. Its routes keep the URLs the portal knows: /payment/*, POST /invoice and /invoice/{id}/payment-check,
// /subscription/{id}/overage/approve (modules/index.ts registers each under its prefix).
export { default as paymentRoutes } from './payment-routes';
export { default as purchaseInvoiceRoutes } from './invoice-routes';
export { default as subscriptionPriceRoutes } from './subscription-price-routes';
export { purchaseDeps, type PurchaseDeps } from './deps';
export {
  invoiceAndChargeRenewal,
  renewalPeriodKey,
  type RenewalDeps,
  type RenewalOutcome,
  type StepHook,
} from './renewal-charge';
export { eraseUnpaidDrafts } from './erasure';
