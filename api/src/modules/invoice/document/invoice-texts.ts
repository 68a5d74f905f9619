// Printed words of the invoice PDF in German and English (the buyer's language at invoicing time). The words of the
// tax treatment (VAT line, exemption reason, note) are the tax decision's own (VAT_WORDING in shared tax.ts).
import { PLAN_CHANGE_CREDIT_KIND, type Language } from '@portal/shared/domain';

export interface InvoiceTexts {
  title: string;
  cancellationTitle: string;
  /** A correction invoice (a partial refund): credit note of a part of the invoice. */
  correctionTitle: string;
  number: string;
  date: string;
  cancels: string;
  corrects: string;
  servicePeriod: string;
  servicePeriodOpen: string;
  buyerVatId: string;
  /** Outside the EU the buyer's number is not an EU VAT ID (UID, VAT registration number, MVA). */
  buyerTaxNumber: string;
  sellerVatId: string;
  taxNumber: string;
  position: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  net: string;
  gross: string;
  paid: (date: string) => string;
  /** Under a reverse charge: the buyer's VAT ID as VIES confirmed it, with VIES's consultation number as proof. */
  viesConfirmed: (vatId: string, date: string, requestId: string | null) => string;
  rowKinds: Record<string, string>;
  /** The credit line of a plan change: the unused part of the plan the seller had. */
  planChangeCredit: (plan: string) => string;
  bank: string;
  register: string;
  managingDirector: string;
  page: string;
}

const de: InvoiceTexts = {
  title: 'Rechnung',
  cancellationTitle: 'Stornorechnung',
  correctionTitle: 'Rechnungskorrektur',
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  cancels: 'Storniert Rechnung',
  corrects: 'Korrigiert Rechnung',
  servicePeriod: 'Leistungszeitraum',
  servicePeriodOpen: 'unbefristet ab',
  buyerVatId: 'USt-IdNr. des Leistungsempfängers',
  buyerTaxNumber: 'Steuernummer des Leistungsempfängers',
  sellerVatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  position: 'Pos.',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  net: 'Nettobetrag',
  gross: 'Gesamtbetrag',
  paid: (date) => `Bezahlt am ${date}. Vielen Dank für Ihren Einkauf.`,
  viesConfirmed: (vatId, date, requestId) =>
    `USt-IdNr. ${vatId} am ${date} durch VIES bestätigt` + (requestId ? ` (Abfragenummer ${requestId}).` : '.'),
  rowKinds: {
    refund: 'Erstattung (Teilbetrag)',
    extra_users: 'Zusätzliche Benutzer',
    extra_email_blocks: 'Zusätzliche E-Mail-Pakete (je 1.000 E-Mails)',
  },
  planChangeCredit: (plan) => `Gutschrift für die nicht genutzte Laufzeit von ${plan}`,
  bank: 'Bank',
  register: 'Handelsregister',
  managingDirector: 'Geschäftsführung',
  page: 'Seite',
};

const en: InvoiceTexts = {
  title: 'Invoice',
  cancellationTitle: 'Cancellation invoice',
  correctionTitle: 'Correction invoice',
  number: 'Invoice number',
  date: 'Invoice date',
  cancels: 'Cancels invoice',
  corrects: 'Corrects invoice',
  servicePeriod: 'Service period',
  servicePeriodOpen: 'unlimited from',
  buyerVatId: "Customer's VAT ID",
  buyerTaxNumber: "Customer's tax number",
  sellerVatId: 'VAT ID',
  taxNumber: 'Tax number',
  position: 'No.',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  net: 'Net amount',
  gross: 'Total',
  paid: (date) => `Paid on ${date}. Thank you for your purchase.`,
  viesConfirmed: (vatId, date, requestId) =>
    `VAT ID ${vatId} confirmed by VIES on ${date}` + (requestId ? ` (consultation number ${requestId}).` : '.'),
  rowKinds: {
    refund: 'Refund (part of the amount)',
    extra_users: 'Additional users',
    extra_email_blocks: 'Additional email blocks (1,000 emails each)',
  },
  planChangeCredit: (plan) => `Credit for the unused period of ${plan}`,
  bank: 'Bank',
  register: 'Commercial register',
  managingDirector: 'Managing director',
  page: 'Page',
};

export const invoiceTexts = (language: Language): InvoiceTexts => (language === 'en' ? en : de);

/** The printed description of an invoice row: extras by kind, a plan change's credit with its plan, else as stored. */
export function rowDescription(texts: InvoiceTexts, row: { kind: string; description: string }): string {
  if (row.kind === PLAN_CHANGE_CREDIT_KIND) return texts.planChangeCredit(row.description);
  return texts.rowKinds[row.kind] ?? row.description;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** DD.MM.YYYY in Germany's time zone (both languages: the seller is German, money is German format too). */
export function formatDocumentDate(date: Date): string {
  return dateFormat.format(date);
}

/** YYYYMMDD in Germany's time zone (CII date format 102). */
export function ciiDate(date: Date): string {
  const [d, m, y] = dateFormat.format(date).split('.');
  return `${y}${m}${d}`;
}
