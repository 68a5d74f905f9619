// Invoice rows (this module alone writes invoices, invoice_documents and invoice_counters): drafts made by a purchase,
// a renewal or an overage approval, their payment status, the caller-scoped reads of the invoices page, the drafts
// an account deletion or a lost renewal race removes, and the queries of finalize.ts and numbering.ts (the only code
// that makes numbers and documents).
import type { BuyerSnapshot, PurchaseQuote } from '@portal/shared/domain';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceDocuments, invoices, OPEN_DRAFT_STATUSES, type ProceedType } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

export interface DraftInvoiceInput {
  /** Owner (the main user who buys). */
  userId: string;
  userEmail: string;
  language: BuyerSnapshot['language'];
  buyer: BuyerSnapshot;
  quote: PurchaseQuote;
  /** Product id and its display info (the table's plugin column shows the first one's info). */
  products: { productId: string; info: string }[];
  proceedType: ProceedType;
  purchase: PurchaseJson;
  paymentProvider: string;
  /** POST /invoice only: the product bought, which makes the draft the seller's open purchase of it. */
  purchaseProductId?: string;
  /** POST /invoice only: the request's Idempotency-Key. */
  idempotencyKey?: string | null;
}

/** The invoice's `purchase` JSON: what was bought, read again by the post-payment process (purchase/post-payment.ts). */
export interface PurchaseJson {
  product_id: string;
  extra_users_count: number;
  extra_email_blocks: number;
  auto_upgrade_consent: boolean;
  /** A renewal invoice (the renewals job): extends this subscription's license instead of issuing one. */
  renewal_of_subscription_id?: string;
  /** An overage invoice: paid against this subscription's license, no new license. */
  overage_of_subscription_id?: string;
  /**
   * A plan change that takes effect at once: this subscription's license becomes a license of product_id with these
   * extras; the invoice charges the rest of the current period and credits the unused part of the old plan.
   */
  plan_change_of_subscription_id?: string;
  /** The months of the overage invoice. */
  overage_periods?: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A string that PostgreSQL accepts as a uuid (anything else cannot name an invoice). */
export const isUuid = (value: string) => UUID.test(value);

/** A draft: status Created, no number, buyer snapshot and amounts from the quote. */
export async function createDraftInvoice(db: Db, input: DraftInvoiceInput): Promise<{ id: string }> {
  const { quote } = input;
  const [row] = await db
    .insert(invoices)
    .values({
      userId: input.userId,
      userEmail: input.userEmail,
      language: input.language,
      amountNet: quote.netCents,
      vatAmount: quote.vatCents,
      amount: quote.grossCents,
      currency: quote.currency,
      vatKind: quote.vat.kind,
      vatRate: quote.vat.ratePercent,
      status: 'Created',
      proceedType: input.proceedType,
      products: input.products,
      rows: quote.rows.map((r) => ({ ...r })),
      buyer: { ...input.buyer },
      purchase: { ...input.purchase },
      paymentProvider: input.paymentProvider,
      purchaseProductId: input.purchaseProductId ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
    })
    .returning({ id: invoices.id });
  return row;
}

/** The draft (or by now paid invoice) that `userId`'s POST /invoice with this Idempotency-Key made, if any. */
export async function findInvoiceByIdempotencyKey(db: Db, userId: string, key: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * What paid the license's current period (the one ending at `periodEnd`): its newest paid invoice for that period
 * (a purchase, a renewal or a plan change), with the service period it covers. Null when none is on record.
 */
export async function findPaidPeriodInvoice(db: Db, licenseId: string, periodEnd: Date): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.licenseId, licenseId),
        eq(invoices.status, 'Paid'),
        eq(invoices.kind, 'invoice'),
        eq(invoices.servicePeriodEnd, periodEnd),
      ),
    )
    .orderBy(desc(invoices.paidAt))
    .limit(1);
  return row ?? null;
}

/** The seller's open purchase of a product: its POST /invoice draft whose checkout is not paid, failed or replaced. */
export async function findOpenPurchase(db: Db, userId: string, productId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.purchaseProductId, productId),
        isNull(invoices.invoiceNumber),
        inArray(invoices.status, [...OPEN_DRAFT_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The unnumbered invoices (drafts) of these owners. */
export async function listDraftIds(db: Db, ownerIds: string[]): Promise<string[]> {
  if (!ownerIds.length) return [];
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.userId, ownerIds), isNull(invoices.invoiceNumber)));
  return rows.map((r) => r.id);
}

/**
 * Removes drafts that never became invoices: those of a deleted account, or a renewal draft that lost the race to be
 * its period's invoice. A numbered invoice is never removed. Their payments and post-payment steps go with them
 * (ON DELETE CASCADE).
 */
export async function deleteDrafts(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(invoices).where(and(inArray(invoices.id, ids), isNull(invoices.invoiceNumber)));
}

/** The checkout of a draft (provider reference and payment page). No-op on a finalized invoice. */
export async function setDraftCheckout(
  db: Db,
  id: string,
  checkout: { paymentRef: string; paymentUrl: string },
): Promise<void> {
  await db
    .update(invoices)
    .set({ paymentRef: checkout.paymentRef, paymentUrl: checkout.paymentUrl, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), isNull(invoices.invoiceNumber)));
}

/**
 * Payment started (Pending) or failed (Failed): a draft stays a draft and consumes no number. An expired checkout
 * stays Expired.
 */
export async function setDraftPaymentStatus(db: Db, id: string, status: 'Pending' | 'Failed'): Promise<void> {
  await db
    .update(invoices)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), isNull(invoices.invoiceNumber), ne(invoices.status, 'Expired')));
}

/** One invoice of `ownerId`, or null for an unknown, malformed or foreign id. */
export async function findOwnedInvoice(db: Db, ownerId: string, id: string): Promise<InvoiceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, ownerId)))
    .limit(1);
  return row ?? null;
}

export async function findInvoiceById(db: Db, id: string): Promise<InvoiceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

/** The columns the invoice list shows (the snapshots and rows stay in the table). */
const listColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  kind: invoices.kind,
  cancelsInvoiceId: invoices.cancelsInvoiceId,
  invoiceDate: invoices.invoiceDate,
  paymentUrl: invoices.paymentUrl,
  products: invoices.products,
  status: invoices.status,
  amount: invoices.amount,
  amountNet: invoices.amountNet,
  vatAmount: invoices.vatAmount,
  vatRate: invoices.vatRate,
  vatKind: invoices.vatKind,
  currency: invoices.currency,
  proceedType: invoices.proceedType,
  servicePeriodStart: invoices.servicePeriodStart,
  servicePeriodEnd: invoices.servicePeriodEnd,
  // What the checkout expiry rule reads (the status shown).
  purchaseProductId: invoices.purchaseProductId,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
};
export type InvoiceListRow = Pick<InvoiceRow, keyof typeof listColumns>;

/**
 * One page of the owner's invoices, newest first (index invoices_user_idx). A document exists exactly when the
 * invoice has a number: both are written in the finalizing transaction.
 */
export async function listOwnedInvoices(
  db: Db,
  ownerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(invoices)
      .where(eq(invoices.userId, ownerId))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    countOwnedInvoices(db, ownerId),
  ]);
  return { rows, total };
}

export async function countOwnedInvoices(db: Db, ownerId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(invoices).where(eq(invoices.userId, ownerId));
  return total;
}

/** The stored PDF of an invoice, or null while it is a draft. */
export async function findInvoiceDocument(
  db: Db,
  invoiceId: string,
): Promise<{ pdf: Buffer; facturXml: string; sha256: string } | null> {
  const [doc] = await db
    .select({ pdf: invoiceDocuments.pdf, facturXml: invoiceDocuments.facturXml, sha256: invoiceDocuments.sha256 })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.invoiceId, invoiceId))
    .limit(1);
  return doc ?? null;
}

type InvoiceInsert = typeof invoices.$inferInsert;

/** The invoice row, locked until the caller's transaction ends. */
export async function lockInvoiceRow(tx: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

export async function updateInvoice(tx: Db, id: string, values: Partial<InvoiceInsert>): Promise<InvoiceRow> {
  const [row] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row;
}

export async function insertInvoice(tx: Db, values: InvoiceInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row;
}

export async function insertInvoiceDocument(tx: Db, values: typeof invoiceDocuments.$inferInsert): Promise<void> {
  await tx.insert(invoiceDocuments).values(values);
}

/** The cancellation invoice of a finalized invoice, if one was made. */
export async function findCancellationOf(tx: Db, originalId: string) {
  const [row] = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.cancelsInvoiceId, originalId), eq(invoices.kind, 'cancellation')));
  return row;
}

/** The cancellation and correction invoices of a finalized invoice (amounts negative), oldest first. */
export async function listCorrectionsOf(tx: Db, originalId: string) {
  return tx
    .select({ id: invoices.id, kind: invoices.kind, amount: invoices.amount, paymentRef: invoices.paymentRef })
    .from(invoices)
    .where(and(eq(invoices.cancelsInvoiceId, originalId), inArray(invoices.kind, ['cancellation', 'correction'])))
    .orderBy(invoices.createdAt);
}

/**
 * Until when the other issued invoices of the license, not refunded in full, pay it (the latest end of their service
 * periods): 'open-ended' when one has no end, null when there is none.
 */
export async function licensePaidUntil(
  db: Db,
  licenseId: string,
  exceptInvoiceId: string,
): Promise<Date | 'open-ended' | null> {
  const result = await db.execute(sql`
    SELECT bool_or(i.service_period_end IS NULL) AS open_ended,
      floor(extract(epoch FROM max(i.service_period_end)) * 1000)::float8 AS until_ms
    FROM invoices i
    WHERE i.license_id = ${licenseId} AND i.id <> ${exceptInvoiceId} AND i.kind = 'invoice'
      AND i.invoice_number IS NOT NULL AND i.amount > 0
      AND i.amount + coalesce((SELECT sum(c.amount) FROM invoices c WHERE c.cancels_invoice_id = i.id), 0) > 0`);
  const [row] = (result as unknown as { rows: { open_ended: boolean | null; until_ms: number | null }[] }).rows;
  if (row?.open_ended) return 'open-ended';
  return row?.until_ms == null ? null : new Date(Number(row.until_ms));
}

/** `last_value + 1` of the counter row of series and year (locked until the transaction ends); null without one. */
export async function incrementInvoiceCounter(tx: Db, series: string, year: number): Promise<number | null> {
  const result = await tx.execute(sql`
    UPDATE invoice_counters SET last_value = last_value + 1
    WHERE series = ${series} AND year = ${year}
    RETURNING last_value`);
  const rows = (result as unknown as { rows: { last_value: number }[] }).rows;
  return rows.length ? Number(rows[0].last_value) : null;
}

export async function createInvoiceCounter(tx: Db, series: string, year: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO invoice_counters (series, year, last_value) VALUES (${series}, ${year}, 0)
    ON CONFLICT (series, year) DO NOTHING`);
}
