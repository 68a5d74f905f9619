import type { InvoiceDownloadResponse, InvoiceListResponse, InvoiceView } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { invoiceDocuments, invoices, users } from '../src/db/schema';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { createSubUser, createTestApp, registerUser, type TestApp, type TestIdentity } from './helpers';
import { createDraft, finalizeOptions } from './invoice-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

const get = (url: string, who: TestIdentity | null) =>
  t.app.inject({ method: 'GET', url: `/api/invoice${url}`, headers: who?.headers });
const post = (url: string, who: TestIdentity | null) =>
  t.app.inject({ method: 'POST', url: `/api/invoice${url}`, headers: who?.headers });

/** An owner with one paid invoice and one unpaid draft (newest). */
async function ownerWithInvoices() {
  const owner = await registerUser(t.app);
  const paid = await createDraft(t.app.db, owner);
  const { invoiceNumber } = await finalizeInvoice(t.app.db, paid, finalizeOptions());
  const draft = await createDraft(t.app.db, owner);
  await t.app.db.update(invoices).set({ paymentUrl: '/api/payment/sandbox/abc' }).where(eq(invoices.id, draft));
  return { owner, paid, draft, invoiceNumber };
}

describe('GET /invoice/list and /invoice/count', () => {
  it("pages the caller's invoices newest first with totals, status and plugin", async () => {
    const { owner, paid, draft, invoiceNumber } = await ownerWithInvoices();
    await ownerWithInvoices(); // someone else's invoices never show
    const res = await get(`/list?email=${encodeURIComponent(owner.email)}&limit=10&offset=0`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json() as InvoiceListResponse;
    expect(body.total).toBe(2);
    expect(body.invoice_list.map((i) => i.id)).toEqual([draft, paid]);
    const [unpaid, done] = body.invoice_list;
    expect(unpaid).toMatchObject({
      invoice_number: null,
      status: 'Created',
      payment_url: '/api/payment/sandbox/abc',
      has_pdf: false,
    });
    // 299 € + 2 × 60 € + 12 € = 431 € net, 19 % VAT
    expect(done).toMatchObject({
      invoice_number: invoiceNumber,
      status: 'Paid',
      plugin: 'fresh_desk',
      amount_net: 43100,
      vat_amount: 8189,
      total: 51289,
      amount_with_vat: 51289,
      currency: 'EUR',
      vat_rate: 19,
      reverse_charge: false,
      payment_url: null,
      has_pdf: true,
    });
    const page2 = (await get('/list?limit=1&offset=1', owner)).json() as InvoiceListResponse;
    expect(page2.invoice_list.map((i) => i.id)).toEqual([paid]);
    expect((await get('/count', owner)).json()).toEqual({ total: 2 });
  });

  it('answers 400 with a readable message for a bad limit or offset, and 404 for another email', async () => {
    const { owner } = await ownerWithInvoices();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=1.5']) {
      const field = query.split('=')[0];
      const res = await get(`/list?${query}`, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        slug: 'validation-error',
        message: expect.stringMatching(new RegExp(field, 'i')),
        fields: { [field]: `validation_${field}_invalid` },
      });
    }
    expect((await get('/list?email=someone-else@test.portal', owner)).statusCode).toBe(404);
    expect((await get('/count?email=someone-else@test.portal', owner)).statusCode).toBe(404);
  });

  it('refuses sub-users (403) and anonymous callers (401)', async () => {
    const { owner, paid } = await ownerWithInvoices();
    const sub = await createSubUser(t.app, owner);
    for (const res of [
      await get('/list', sub),
      await get('/count', sub),
      await get(`/${paid}`, sub),
      await post(`/${paid}/download`, sub),
      await get(`/${paid}/pdf`, sub),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().slug).toBe('forbidden-for-subuser');
    }
    expect((await get('/list', null)).statusCode).toBe(401);
  });
});

describe('GET /invoice/{id}, POST /invoice/{id}/download, GET /invoice/{id}/pdf', () => {
  it('returns one invoice and the same stored PDF bytes on every download', async () => {
    const { owner, paid, invoiceNumber } = await ownerWithInvoices();
    const view = (await get(`/${paid}`, owner)).json() as InvoiceView;
    expect(view).toMatchObject({ id: paid, invoice_number: invoiceNumber, has_pdf: true, kind: 'invoice' });
    expect(view.service_period?.end).toEqual(expect.any(String));

    const first = await post(`/${paid}/download`, owner);
    expect(first.statusCode).toBe(200);
    const body = first.json() as InvoiceDownloadResponse;
    expect(body.file_name).toBe(`${invoiceNumber}.pdf`);
    const bytes = Buffer.from(body.data, 'base64');
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const second = (await post(`/${paid}/download`, owner)).json() as InvoiceDownloadResponse;
    expect(second.data).toBe(body.data);

    const pdf = await get(`/${paid}/pdf`, owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoiceNumber}.pdf`);
    expect(pdf.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for foreign, unknown and malformed ids and 409 for the PDF of an unpaid draft', async () => {
    const { owner, draft } = await ownerWithInvoices();
    const other = await ownerWithInvoices();
    for (const id of [other.paid, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await get(`/${id}`, owner)).statusCode).toBe(404);
      expect((await post(`/${id}/download`, owner)).json().slug).toBe('invoice-not-found');
      expect((await get(`/${id}/pdf`, owner)).statusCode).toBe(404);
    }
    const res = await post(`/${draft}/download`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().slug).toBe('invoice-not-finalized');
  });
});

describe('retention', () => {
  it('keeps finalized invoices, their buyer snapshot and PDF when the account is deleted', async () => {
    const { owner, paid } = await ownerWithInvoices();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: owner.headers });
    expect(res.statusCode).toBe(204);
    expect(await t.app.db.select().from(users).where(eq(users.id, owner.uid))).toHaveLength(0);
    const [kept] = await t.app.db.select().from(invoices).where(eq(invoices.id, paid));
    expect(kept).toMatchObject({
      userId: null,
      userEmail: owner.email,
      buyer: { lastName: 'Mustermann', city: 'Hamburg' },
    });
    const docs = await t.app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, paid));
    expect(docs).toHaveLength(1);
  });
});
