// The invoice module's public face: its routes (read, download) and what the purchase module and the demo seeder ask
// of it, the only writer of invoices, invoice_documents and invoice_counters: drafts, their checkout and payment
// status, numbering (finalize) and cancellation, removing drafts that never became invoices.
export { default } from './routes';
export {
  countOwnedInvoices,
  createDraftInvoice,
  deleteDrafts,
  findInvoiceById,
  findInvoiceByIdempotencyKey,
  findInvoiceDocument,
  findOpenPurchase,
  findOwnedInvoice,
  findPaidPeriodInvoice,
  licensePaidUntil,
  listDraftIds,
  setDraftCheckout,
  setDraftPaymentStatus,
  type DraftInvoiceInput,
  type InvoiceRow,
  type PurchaseJson,
} from './repository';
export { cancelInvoice, finalizeInvoice, refundInvoice, type FinalizeOptions, type RefundBooking } from './finalize';
export { buyerSnapshot } from './buyer-snapshot';
export {
  CHECKOUT_EXPIRY_MS,
  claimPayment,
  expireCheckouts,
  isExpiredCheckout,
  shownStatus,
  type PaymentClaim,
} from './checkout-expiry';
