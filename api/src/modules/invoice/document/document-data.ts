// Everything the PDF and the factur-x.xml print, taken from one finalized invoice row: both renderers read the
// same numbers, so the XML's totals equal the PDF's.
import { storedVatTreatment, type BuyerSnapshot } from '@portal/shared/domain';
import type { InvoiceRow } from '../repository';

/** The one row of a correction invoice: the refunded part of the invoice it corrects. */
export const REFUND_ROW_KIND = 'refund';

export function documentDataOf(row: InvoiceRow, cancelsNumber: string | null = null) {
  if (!row.invoiceNumber || !row.seller) throw new Error(`invoice ${row.id} is not finalized`);
  return {
    number: row.invoiceNumber,
    kind: row.kind,
    /** Number of the invoice a cancellation cancels or a correction corrects (BT-25). */
    cancelsNumber,
    issueDate: row.invoiceDate,
    paidAt: row.paidAt,
    language: row.language,
    seller: row.seller,
    buyer: row.buyer as BuyerSnapshot,
    buyerEmail: row.buyer.invoiceEmail || row.userEmail,
    rows: row.rows,
    currency: row.currency,
    netCents: row.amountNet,
    vatCents: row.vatAmount,
    grossCents: row.amount,
    /** The treatment the invoice was issued with (the tax decision's, kept on the row). */
    vat: storedVatTreatment(row.vatKind, row.vatRate, row.buyer.country),
    servicePeriod: row.servicePeriodStart ? { start: row.servicePeriodStart, end: row.servicePeriodEnd } : null,
  };
}

export type InvoiceDocumentData = ReturnType<typeof documentDataOf>;
