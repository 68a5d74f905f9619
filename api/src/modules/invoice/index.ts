// The invoice module's public face: its routes (read/download in routes.ts, purchase and payment check in
// purchase-routes.ts) and the functions the payment flow builds on.
import type { FastifyPluginAsync } from 'fastify';
import purchaseRoutes from './purchase-routes';
import readRoutes from './routes';

const invoiceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(readRoutes);
  await app.register(purchaseRoutes);
};

export default invoiceRoutes;
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
