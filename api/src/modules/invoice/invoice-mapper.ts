// Row → the invoice view the invoices page reads (snake_case, amounts in cents).
import type { InvoiceView } from '@portal/shared/domain';
import { shownStatus } from './checkout-expiry';
import type { InvoiceListRow } from './repository';

/**
 * Row → view; the PDF exists once the invoice has its number (finalization writes both). An expired checkout reads
 * Expired (also before the job has marked it) and offers no payment page.
 */
export function toInvoiceView(row: InvoiceListRow, now: Date = new Date()): InvoiceView {
  const status = shownStatus(row, now);
  const date = row.invoiceDate.toISOString();
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    kind: row.kind,
    cancels_invoice_id: row.cancelsInvoiceId,
    invoice_date: date,
    date,
    payment_url: row.invoiceNumber || status === 'Expired' ? null : row.paymentUrl,
    plugin: row.products[0]?.info || null,
    status,
    total: row.amount,
    amount_with_vat: row.amount,
    amount_net: row.amountNet,
    vat_amount: row.vatAmount,
    vat_rate: row.vatRate,
    reverse_charge: row.vatKind === 'reverse_charge',
    currency: row.currency,
    products: row.products.map((p) => ({ productId: p.productId, info: p.info, type: 'license' })),
    proceed_type: row.proceedType,
    service_period: row.servicePeriodStart
      ? { start: row.servicePeriodStart.toISOString(), end: row.servicePeriodEnd?.toISOString() ?? null }
      : null,
    has_pdf: row.invoiceNumber !== null,
  };
}
