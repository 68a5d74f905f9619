// The company that runs the portal is configuration: the AVV names it as processor, every new invoice as seller, every
// mail in its footer. An invoice already issued keeps the seller it was issued with: a changed configuration (a
// restart with other SELLER_* values) reaches only the invoices finalized after it. PDFs read with poppler's pdftotext.
import { execFileSync } from 'node:child_process';
import testCompany from '@portal/shared/test-company.json';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { invoices } from '../src/db/schema';
import { createTestApp, testConfig, type TestApp, type TestIdentity } from './helpers';
import {
  buy,
  buyer,
  FRESH_DESK_YEARLY,
  mailsTo,
  postEvent,
  SANDBOX_SECRET,
  signedEvent,
} from './payment/purchase-helpers';

let t: TestApp;
const env = { ...testCompany, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET };
beforeAll(async () => {
  t = await createTestApp(env);
}, 120_000);
afterAll(async () => t?.close());

/** pdftotext's text with runs of spaces made one (its -layout output aligns columns with spaces). */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' })
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ');

async function avvText(app: FastifyInstance, user: TestIdentity, lang: 'de' | 'en') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/user/profile/avv/download?lang=${lang}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return pdfText(Buffer.from(res.json().pdf, 'base64'));
}

/** A paid purchase through the sandbox webhook; the invoice's id. */
async function paidInvoice(app: FastifyInstance, user: TestIdentity) {
  const bought = await buy(app, user, FRESH_DESK_YEARLY);
  const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
  expect((await postEvent(app, signedEvent('PAYMENT.COMPLETED', resource))).json()).toMatchObject({ status: 'Paid' });
  return bought.invoice_id;
}

async function invoicePdfText(app: FastifyInstance, user: TestIdentity, id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/invoice/${id}/pdf`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

const NORDLICHT_LINES = ['Nordlicht Portal Software GmbH', 'Speicherstadtweg 12', '20457 Hamburg'];

describe('the configured operating company', () => {
  it('is the processor of the AVV, in both languages', async () => {
    const seller = await buyer(t.app);
    const de = await avvText(t.app, seller, 'de');
    for (const line of [
      ...NORDLICHT_LINES,
      'Deutschland',
      'Amtsgericht Hamburg, HRB 178204',
      'Geschäftsführer: Jana Lindqvist',
      'Datenschutz: datenschutz@nordlicht-portal.de',
    ]) {
      expect(de).toContain(line);
    }
    const en = await avvText(t.app, seller, 'en');
    for (const line of ['Managing director: Jana Lindqvist', 'Data protection: datenschutz@nordlicht-portal.de']) {
      expect(en).toContain(line);
    }
    expect(en).toContain('Germany');
    for (const demo of ['Musterstraße 1', '10115 Berlin', 'datenschutz@portal.test', 'Portal Demo']) {
      expect(de + en).not.toContain(demo);
    }
  });

  it('is the seller of the invoice PDF and signs the confirmation mail', async () => {
    const seller = await buyer(t.app);
    const id = await paidInvoice(t.app, seller);
    const text = await invoicePdfText(t.app, seller, id);
    for (const line of [...NORDLICHT_LINES, 'DE294817359', 'Amtsgericht Hamburg, HRB 178204', 'Jana Lindqvist']) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Portal Demo Software GmbH');
    expect(text).not.toContain('DE811907980');

    const [mail] = mailsTo(t, seller);
    expect(mail).toContain('From: Nordlicht Portal <portal@nordlicht-portal.de>');
    for (const line of [
      'Nordlicht Portal Software GmbH · Speicherstadtweg 12 · 20457 Hamburg',
      'Amtsgericht Hamburg, HRB 178204 · Geschäftsführer / Managing director: Jana Lindqvist',
      'Support: hilfe@nordlicht-portal.de',
      'Impressum / Imprint: https://www.nordlicht-portal.de/impressum',
      'Datenschutz / Privacy: https://www.nordlicht-portal.de/datenschutz',
    ]) {
      expect(mail).toContain(line);
    }
  });

  it('reaches only invoices issued after it changed: an issued invoice keeps its seller', async () => {
    const seller = await buyer(t.app);
    const first = await paidInvoice(t.app, seller);
    const [issued] = await t.app.db.select().from(invoices).where(eq(invoices.id, first));

    // The operator renames the company and moves it; the api restarts with the new configuration.
    const renamed = testConfig(t.dataDir, {
      ...env,
      SELLER_NAME: 'Nordlicht Cloud AG',
      SELLER_STREET: 'Am Sandtorkai 40',
      SELLER_VAT_ID: 'DE315739102',
    });
    const restarted = await buildApp(renamed, { db: t.app.dbHandle });
    try {
      await restarted.ready();
      const next = await buyer(restarted);
      const second = await paidInvoice(restarted, next);

      const oldText = await invoicePdfText(restarted, seller, first);
      expect(oldText).toContain('Nordlicht Portal Software GmbH');
      expect(oldText).toContain('Speicherstadtweg 12');
      expect(oldText).toContain('DE294817359');
      expect(oldText).not.toContain('Nordlicht Cloud AG');
      const [still] = await restarted.db.select().from(invoices).where(eq(invoices.id, first));
      expect(still.seller).toEqual(issued.seller);

      const newText = await invoicePdfText(restarted, next, second);
      expect(newText).toContain('Nordlicht Cloud AG');
      expect(newText).toContain('Am Sandtorkai 40');
      expect(newText).toContain('DE315739102');
      expect(newText).not.toContain('Speicherstadtweg 12');
    } finally {
      await restarted.close();
    }
  });
});
