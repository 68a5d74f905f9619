// The invoice module's public face: its routes (buy, read, download, payment check) and the functions the payment
// flow builds on.
export { default } from './routes';
export {
  createDraftInvoice,
  findInvoiceById,
  findInvoiceDocument,
  findOwnedInvoice,
  setDraftCheckout,
  setDraftPaymentStatus,
  type DraftInvoiceInput,
  type InvoiceRow,
  type PurchaseJson,
} from './repository';
export { cancelInvoice, finalizeInvoice, type FinalizeOptions } from './finalize';
export { seedDemoInvoices } from './demo-invoices';
export { buyerSnapshot } from './buyer-snapshot';
export { eraseDraftInvoices } from './erasure';
