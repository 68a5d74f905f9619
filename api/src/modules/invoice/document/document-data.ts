// Everything the PDF and the factur-x.xml print, taken from one finalized invoice row: both renderers read the
// same numbers, so the XML's totals equal the PDF's.
import type { BuyerSnapshot, Language } from '@portal/shared/domain';
import type { InvoiceKind, InvoiceRowJson, SellerSnapshotJson } from '../../../db/schema';
import type { InvoiceRow } from '../repository';

export interface InvoiceDocumentData {
  number: string;
  kind: InvoiceKind;
  /** Number of the invoice a cancellation cancels. */
  cancelsNumber: string | null;
  issueDate: Date;
  paidAt: Date | null;
  language: Language;
  seller: SellerSnapshotJson;
  buyer: BuyerSnapshot;
  buyerEmail: string;
  rows: InvoiceRowJson[];
  currency: string;
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatRate: number;
  reverseCharge: boolean;
  servicePeriod: { start: Date; end: Date | null } | null;
}

export function documentDataOf(row: InvoiceRow, cancelsNumber: string | null = null): InvoiceDocumentData {
  if (!row.invoiceNumber || !row.seller) throw new Error(`invoice ${row.id} is not finalized`);
  return {
    number: row.invoiceNumber,
    kind: row.kind,
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
    vatRate: row.vatRate,
    reverseCharge: row.vatKind === 'reverse_charge',
    servicePeriod: row.servicePeriodStart ? { start: row.servicePeriodStart, end: row.servicePeriodEnd } : null,
  };
}
