// Finalization: the one step that turns a draft into an invoice. In one transaction it takes the next number of
// the series, stamps issue date, payment, service period, license and seller, and stores the PDF/A-3b with its
// factur-x.xml. A failure anywhere rolls back the number too, so numbers stay gap-free.
import { INVOICE_SERIES } from '@portal/shared/domain';
import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { documentDataOf } from './document/document-data';
import { renderInvoiceDocument } from './document/render-document';
import { invoiceYear, nextInvoiceNumber } from './numbering';
import {
  findCancellationOf,
  insertInvoice,
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
    const original = await lockInvoice(tx, originalId);
    if (!original.invoiceNumber || original.kind !== 'invoice') {
      throw new Error(`invoice ${originalId} is not a finalized invoice and cannot be cancelled`);
    }
    const existing = await findCancellationOf(tx, originalId);
    if (existing?.invoiceNumber) return { invoiceId: existing.id, invoiceNumber: existing.invoiceNumber };

    const issuedAt = options.issuedAt ?? new Date();
    const invoiceNumber = await nextInvoiceNumber(tx, INVOICE_SERIES, invoiceYear(issuedAt));
    const row = await insertInvoice(tx, {
      invoiceNumber,
      kind: 'cancellation',
      cancelsInvoiceId: original.id,
      userId: original.userId,
      userEmail: original.userEmail,
      language: original.language,
      invoiceDate: issuedAt,
      amountNet: -original.amountNet,
      vatAmount: -original.vatAmount,
      amount: -original.amount,
      currency: original.currency,
      vatKind: original.vatKind,
      vatRate: original.vatRate,
      status: 'Refunded',
      proceedType: original.proceedType,
      products: original.products,
      rows: original.rows.map((r) => ({ ...r, unitPriceCents: -r.unitPriceCents, amountCents: -r.amountCents })),
      buyer: original.buyer,
      seller: options.seller ?? original.seller,
      purchase: original.purchase,
      servicePeriodStart: original.servicePeriodStart,
      servicePeriodEnd: original.servicePeriodEnd,
      licenseId: original.licenseId,
      paymentProvider: original.paymentProvider,
      paymentRef: original.paymentRef,
      finalizedAt: new Date(),
    });
    await storeDocument(tx, row, original.invoiceNumber);
    return { invoiceId: row.id, invoiceNumber };
  });
}
