// Child of bench/invoice-bench.mjs (run with tsx from api/): measures, on one database (PGlite in memory, or
// PostgreSQL when BENCH_DATABASE_URL is set), (1) rendering one invoice document (factur-x.xml + PDF/A-3b) and a
// whole finalizeInvoice (number + render + store), and (2) one page of GET /invoice/list's query with 10 000
// invoices in the table for that user. Prints one JSON line with the figures.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { quotePurchase, type BuyerSnapshot } from '@portal/shared/domain';
import { Client } from 'pg';
import { loadSellerConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { invoices, users } from '../src/db/schema';
import { documentDataOf } from '../src/modules/invoice/document/document-data';
import { renderInvoiceDocument } from '../src/modules/invoice/document/render-document';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { toInvoiceView } from '../src/modules/invoice/invoice-mapper';
import { createDraftInvoice, listOwnedInvoices } from '../src/modules/invoice/repository';

const RENDERS = Number(process.env.BENCH_INVOICE_RENDERS || 60);
const LIST_SIZE = Number(process.env.BENCH_INVOICE_LIST_SIZE || 10_000);
const PAGES = 100;
/** The demo company (outside production the SELLER_* variables default to it): the seller of the benched invoices. */
const DEMO_SELLER = loadSellerConfig({});

const buyer: BuyerSnapshot = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  companyName: 'Mustermann Versand GmbH',
  street: 'Hafenstraße',
  houseNumber: '7',
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  vatId: 'DE123456788',
  invoiceEmail: 'buchhaltung@mustermann.example',
  language: 'de',
};
const product = {
  name: 'Fresh Desk Basic (jährlich)',
  priceNetto: { amount: 29900, currency: 'EUR' },
  licenseTypeDetails: [
    { type: 'subscription', extraOptions: { extra_user_price_cents: 6000, email_block_price_cents: 1200 } },
  ],
} as unknown as Parameters<typeof quotePurchase>[0];
const quote = quotePurchase(
  product,
  { extra_users_count: 2, extra_email_blocks: 1 },
  {
    country: buyer.country,
    vatId: buyer.vatId,
    vatIdVerified: false,
  },
);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

async function database() {
  // bench/invoice-bench.mjs passes a server URL or '' (PGlite); "off" is never taken for a URL.
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url || url === 'off')
    return { handle: await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' }), drop: async () => {} };
  const name = `portal_invoice_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: target.toString(), pgliteDir: '' });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function main() {
  const { handle, drop } = await database();
  const db = handle.db;
  const owner = { id: `bench-${crypto.randomBytes(4).toString('hex')}`, email: 'bench@portal.test' };
  await db.insert(users).values({ id: owner.id, email: owner.email });
  const draft = () =>
    createDraftInvoice(db, {
      userId: owner.id,
      userEmail: owner.email,
      language: 'de',
      buyer,
      quote,
      products: [{ productId: 'fresh_desk-basic-yearly', info: 'Fresh Desk Basic' }],
      proceedType: 'PaypalPayment',
      purchase: {
        product_id: 'fresh_desk-basic-yearly',
        extra_users_count: 2,
        extra_email_blocks: 1,
        auto_upgrade_consent: true,
      },
      paymentProvider: 'sandbox',
    });

  // (1) documents: warm-up (font parsing, JIT) is not part of the figure
  const paidAt = new Date();
  const servicePeriod = { start: paidAt, end: new Date(paidAt.getTime() + 365 * 86_400_000) };
  const first = await draft();
  await finalizeInvoice(db, first.id, { paidAt, servicePeriod, licenseId: null, seller: DEMO_SELLER });
  const [finalized] = await db.select().from(invoices).where(eq(invoices.id, first.id));
  const data = documentDataOf(finalized);
  for (let i = 0; i < 5; i++) await renderInvoiceDocument(data);
  const render: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    await renderInvoiceDocument(data);
    render.push(performance.now() - started);
  }
  const finalize: number[] = [];
  for (let i = 0; i < Math.min(RENDERS, 40); i++) {
    const { id } = await draft();
    const started = performance.now();
    await finalizeInvoice(db, id, { paidAt, servicePeriod, licenseId: null, seller: DEMO_SELLER });
    finalize.push(performance.now() - started);
  }

  // (2) the list: fill up to LIST_SIZE invoices (drafts and numbered rows, without documents), then page through
  const existing = RENDERS >= 40 ? 41 : RENDERS + 1;
  const template = { ...finalized, id: undefined, invoiceNumber: null, seller: null, status: 'Created' as const };
  const rows = [];
  for (let i = existing; i < LIST_SIZE; i++) {
    rows.push({ ...template, id: crypto.randomUUID(), createdAt: new Date(paidAt.getTime() - i * 60_000) });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(invoices).values(rows.slice(i, i + 1000));
  // A database in its steady state: autovacuum (PostgreSQL) or the statistics job (PGlite, src/jobs/statistics.ts)
  // has seen the new rows. Right after a bulk insert the planner takes the table for nearly empty.
  await db.execute(sql`ANALYZE invoices`);
  const total = (await listOwnedInvoices(db, owner.id, { limit: 1, offset: 0 })).total;
  const list: number[] = [];
  for (let i = 0; i < 10; i++) await listOwnedInvoices(db, owner.id, { limit: 10, offset: 0 });
  for (let i = 0; i < PAGES; i++) {
    const offset = (i % 50) * 10 * (i % 3 === 0 ? 19 : 1); // first pages and some deep ones
    const started = performance.now();
    const page = await listOwnedInvoices(db, owner.id, { limit: 10, offset });
    page.rows.map((row) => toInvoiceView(row));
    list.push(performance.now() - started);
  }
  console.log(
    JSON.stringify({
      driver: handle.driver,
      pdfBytes: (await renderInvoiceDocument(data)).pdf.length,
      render: stats(render),
      finalize: stats(finalize),
      listTotal: total,
      list: stats(list),
    }),
  );
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
