// The invoice module's public face: its routes (read/download here, purchase and payment check in
// purchase-routes.ts once it exists) and the functions the payment flow builds on.
export { default } from './routes';
export {
  createDraftInvoice,
  findOwnedInvoice,
  setDraftCheckout,
  setDraftPaymentStatus,
  type DraftInvoiceInput,
  type InvoiceRow,
} from './repository';
export { cancelInvoice, finalizeInvoice, type FinalizeOptions } from './finalize';
export { seedDemoInvoices } from './demo-invoices';
