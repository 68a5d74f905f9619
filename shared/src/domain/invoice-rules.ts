// What the invoices page decides about an invoice it shows: plain functions, in a module without zod, so a page that
// only shows invoices does not download the schemas (invoice.ts re-exports them). The fields they read are named
// here, so this module imports nothing of invoice.ts.

/** The fields of an InvoiceView these rules read. */
interface InvoiceFacts {
  id: string;
  invoice_number: string | null;
  kind: 'invoice' | 'cancellation' | 'correction';
  payment_url: string | null;
  status: string;
}

export type InvoiceStatusLabel = 'Paid' | 'Not paid' | 'Expired';

/** Payment status Paid reads 'Paid', an expired checkout 'Expired', anything else 'Not paid'. */
export function invoiceStatusLabel(invoice: Pick<InvoiceFacts, 'status'>): InvoiceStatusLabel {
  if (invoice.status === 'Paid') return 'Paid';
  return invoice.status === 'Expired' ? 'Expired' : 'Not paid';
}

/** An unpaid invoice whose payment can be (re)started from the invoices page. */
export function canPayInvoice(invoice: Pick<InvoiceFacts, 'status' | 'payment_url' | 'kind'>): boolean {
  return invoice.kind === 'invoice' && invoiceStatusLabel(invoice) === 'Not paid' && !!invoice.payment_url;
}

/** File name of a downloaded invoice: its number, or its id for a draft. */
export function invoiceFileName(invoice: Pick<InvoiceFacts, 'invoice_number' | 'id'>): string {
  return `${invoice.invoice_number ?? invoice.id}.pdf`;
}
