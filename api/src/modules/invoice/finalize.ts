// Finalization: the one step that turns a draft into an invoice. In one transaction it takes the next number of
// the series, stamps issue date, payment, service period, license and seller, and stores the PDF/A-3b with its
// factur-x.xml. A failure anywhere rolls back the number too, so numbers stay gap-free.
import { INVOICE_SERIES, splitGross, storedVatTreatment } from '@portal/shared/domain';
import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { documentDataOf, REFUND_ROW_KIND } from './document/document-data';
import { renderInvoiceDocument } from './document/render-document';
import { invoiceYear, nextInvoiceNumber } from './numbering';
import {
  findCancellationOf,
  insertInvoice,
  listCorrectionsOf,
  insertInvoiceDocument,
  lockInvoiceRow,
  updateInvoice,
  type InvoiceRow,
} from './repository';
import { loadSellerConfig, type SellerConfig } from '../../config';

export interface FinalizeOptions {
  paidAt: Date;
  /** From the license's start and expiry; end null for a permanent license. */
  servicePeriod: { start: Date; end: Date | null };
  licenseId: string | null;
  /** The seller printed on the invoice; default: the SELLER_* environment (pass app.config.seller). */
  seller?: SellerConfig;
}

export class InvoiceNotFoundError extends Error {
  constructor(id: string) {
    super(`invoice ${id} not found`);
    this.name = 'InvoiceNotFoundError';
  }
}

async function lockInvoice(tx: Db, id: string): Promise<InvoiceRow> {
  const row = await lockInvoiceRow(tx, id);
  if (!row) throw new InvoiceNotFoundError(id);
  return row;
}

/**
 * Numbering transactions wait for the series' counter row, one after the other, while each renders its PDF. Queued
 * here per database handle, a burst of them holds one pool connection instead of every connection (which starved
 * other requests until the pool's connect timeout). Called inside a transaction, it has a queue of its own.
 */
const numberingQueues = new WeakMap<Db, pLimit.Limit>();
function numberingTransaction<T>(db: Db, body: (tx: Db) => Promise<T>): Promise<T> {
  let queue = numberingQueues.get(db);
  if (!queue) numberingQueues.set(db, (queue = pLimit(1)));
  return queue(() => db.transaction((trx) => body(trx as unknown as Db)));
}

async function storeDocument(tx: Db, row: InvoiceRow, cancelsNumber: string | null): Promise<void> {
  const rendered = await renderInvoiceDocument(documentDataOf(row, cancelsNumber));
  await insertInvoiceDocument(tx, { invoiceId: row.id, ...rendered });
}

/**
 * Assigns the number and makes the document of a paid draft. Idempotent: a finalized invoice returns its number
 * and nothing changes.
 */
export async function finalizeInvoice(
  db: Db,
  invoiceId: string,
  options: FinalizeOptions,
): Promise<{ invoiceNumber: string }> {
  return numberingTransaction(db, async (tx) => {
    const draft = await lockInvoice(tx, invoiceId);
    if (draft.invoiceNumber) return { invoiceNumber: draft.invoiceNumber };
    const issuedAt = options.paidAt;
    const invoiceNumber = await nextInvoiceNumber(tx, INVOICE_SERIES, invoiceYear(issuedAt));
    const row = await updateInvoice(tx, invoiceId, {
      invoiceNumber,
      status: 'Paid',
      invoiceDate: issuedAt,
      paidAt: options.paidAt,
      finalizedAt: new Date(),
      servicePeriodStart: options.servicePeriod.start,
      servicePeriodEnd: options.servicePeriod.end,
      licenseId: options.licenseId,
      seller: options.seller ?? loadSellerConfig(),
      updatedAt: new Date(),
    });
    await storeDocument(tx, row, null);
    return { invoiceNumber };
  });
}

/** The cancellation invoice of `original` (locked by the caller): every row negated, its own number. */
async function insertCancellation(tx: Db, original: InvoiceRow, issuedAt: Date, seller?: SellerConfig) {
  const invoiceNumber = await nextInvoiceNumber(tx, INVOICE_SERIES, invoiceYear(issuedAt));
  const row = await insertInvoice(tx, {
    ...correctionBase(original, issuedAt, seller),
    invoiceNumber,
    kind: 'cancellation',
    amountNet: -original.amountNet,
    vatAmount: -original.vatAmount,
    amount: -original.amount,
    rows: original.rows.map((r) => ({ ...r, unitPriceCents: -r.unitPriceCents, amountCents: -r.amountCents })),
    paymentRef: original.paymentRef,
  });
  await storeDocument(tx, row, original.invoiceNumber);
  return { invoiceId: row.id, invoiceNumber };
}

/** What a cancellation or correction takes over from the invoice it corrects. */
function correctionBase(original: InvoiceRow, issuedAt: Date, seller?: SellerConfig) {
  return {
    cancelsInvoiceId: original.id,
    userId: original.userId,
    userEmail: original.userEmail,
    language: original.language,
    invoiceDate: issuedAt,
    currency: original.currency,
    vatKind: original.vatKind,
    vatRate: original.vatRate,
    status: 'Refunded' as const,
    proceedType: original.proceedType,
    products: original.products,
    buyer: original.buyer,
    seller: seller ?? original.seller,
    purchase: original.purchase,
    servicePeriodStart: original.servicePeriodStart,
    servicePeriodEnd: original.servicePeriodEnd,
    licenseId: original.licenseId,
    paymentProvider: original.paymentProvider,
    finalizedAt: new Date(),
  };
}

async function lockFinalized(tx: Db, originalId: string): Promise<InvoiceRow> {
  const original = await lockInvoice(tx, originalId);
  if (!original.invoiceNumber || original.kind !== 'invoice') {
    throw new Error(`invoice ${originalId} is not a finalized invoice and cannot be corrected`);
  }
  return original;
}

/**
 * A correction: a cancellation invoice with its own number that negates every row of a finalized invoice and
 * references it. The original stays untouched. Idempotent per original.
 */
export async function cancelInvoice(
  db: Db,
  originalId: string,
  options: { issuedAt?: Date; seller?: SellerConfig } = {},
): Promise<{ invoiceId: string; invoiceNumber: string }> {
  return numberingTransaction(db, async (tx) => {
    const original = await lockFinalized(tx, originalId);
    const existing = await findCancellationOf(tx, originalId);
    if (existing?.invoiceNumber) return { invoiceId: existing.id, invoiceNumber: existing.invoiceNumber };
    return insertCancellation(tx, original, options.issuedAt ?? new Date(), options.seller);
  });
}

export interface RefundBooking {
  /** The cancellation or correction this refund made; null when it was booked before or nothing was left. */
  issued: { invoiceId: string; invoiceNumber: string; kind: 'cancellation' | 'correction' } | null;
  /** Cents refunded of the invoice's gross, this refund included. */
  refundedCents: number;
  /** The whole gross is refunded (by this refund or, with it, the ones before). */
  full: boolean;
}

/**
 * Books a refund of a finalized invoice, once per refund reference (the provider's refund id, kept as the
 * correction's payment reference): a refund of the whole gross when nothing was refunded before is its cancellation
 * invoice; any other refund is a correction invoice of its own number for the refunded gross (capped at what is
 * left), one negative row whose net and VAT follow the original's treatment (its kind and rate, split by
 * splitGross), referencing the original. The original is locked while it is booked, so two deliveries of one refund,
 * or two refunds at once, book each refund once and never more than the gross, in whatever order they come.
 */
export async function refundInvoice(
  db: Db,
  originalId: string,
  refund: { ref: string; grossCents: number | null; issuedAt?: Date; seller?: SellerConfig },
): Promise<RefundBooking> {
  return numberingTransaction(db, async (tx) => {
    const original = await lockFinalized(tx, originalId);
    const corrections = await listCorrectionsOf(tx, originalId);
    const refundedBefore = -corrections.reduce((sum, c) => sum + c.amount, 0);
    const left = Math.max(0, original.amount - refundedBefore);
    const booked = (issued: RefundBooking['issued'], refundedCents: number): RefundBooking => ({
      issued,
      refundedCents,
      full: refundedCents >= original.amount,
    });
    if (corrections.some((c) => c.kind === 'cancellation' || c.paymentRef === refund.ref) || left === 0) {
      return booked(null, refundedBefore);
    }
    const gross = Math.min(refund.grossCents ?? left, left);
    if (gross <= 0) return booked(null, refundedBefore);
    const issuedAt = refund.issuedAt ?? new Date();
    if (refundedBefore === 0 && gross === original.amount) {
      const cancellation = await insertCancellation(tx, original, issuedAt, refund.seller);
      return booked({ ...cancellation, kind: 'cancellation' }, gross);
    }
    const vat = storedVatTreatment(original.vatKind, original.vatRate, original.buyer.country);
    const { netCents, vatCents } = splitGross(gross, vat.ratePercent);
    const invoiceNumber = await nextInvoiceNumber(tx, INVOICE_SERIES, invoiceYear(issuedAt));
    const row = await insertInvoice(tx, {
      ...correctionBase(original, issuedAt, refund.seller),
      invoiceNumber,
      kind: 'correction',
      amountNet: -netCents,
      vatAmount: -vatCents,
      amount: -gross,
      rows: [
        {
          kind: REFUND_ROW_KIND,
          description: `${REFUND_ROW_KIND} ${original.invoiceNumber}`,
          quantity: 1,
          unitPriceCents: -netCents,
          amountCents: -netCents,
        },
      ],
      paymentRef: refund.ref,
    });
    await storeDocument(tx, row, original.invoiceNumber);
    return booked({ invoiceId: row.id, invoiceNumber, kind: 'correction' }, refundedBefore + gross);
  });
}
