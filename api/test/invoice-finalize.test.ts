import { INVOICE_NUMBER_PATTERN } from '@portal/shared/domain';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { invoiceCounters, invoiceDocuments, invoices } from '../src/db/schema';
import { cancelInvoice, finalizeInvoice } from '../src/modules/invoice/finalize';
import { setDraftPaymentStatus } from '../src/modules/invoice/repository';
import { createTestApp, registerUser, type TestApp } from './helpers';
import { createDraft, finalizeOptions } from './invoice-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

const serial = (number: string) => Number(number.split('-')[2]);
const row = async (id: string) => (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('finalizeInvoice', () => {
  it('numbers only at finalization: drafts and failed payments consume none, a second call changes nothing', async () => {
    const owner = await registerUser(t.app);
    const failed = await createDraft(t.app.db, owner);
    await setDraftPaymentStatus(t.app.db, failed, 'Pending');
    await setDraftPaymentStatus(t.app.db, failed, 'Failed');
    expect(await row(failed)).toMatchObject({ status: 'Failed', invoiceNumber: null, seller: null });

    const a = await createDraft(t.app.db, owner);
    const b = await createDraft(t.app.db, owner);
    const first = await finalizeInvoice(t.app.db, a, finalizeOptions());
    const second = await finalizeInvoice(t.app.db, b, finalizeOptions());
    expect(first.invoiceNumber).toMatch(INVOICE_NUMBER_PATTERN);
    expect(first.invoiceNumber).toMatch(new RegExp(`^RE-${new Date().getFullYear()}-\\d{6}$`));
    expect(serial(second.invoiceNumber)).toBe(serial(first.invoiceNumber) + 1);

    const before = await row(a);
    expect(await finalizeInvoice(t.app.db, a, finalizeOptions(new Date(2030, 0, 1)))).toEqual(first);
    expect(await row(a)).toEqual(before);
    expect(before).toMatchObject({ status: 'Paid', invoiceNumber: first.invoiceNumber });
    expect(before.seller).toMatchObject({ name: expect.any(String), vatId: expect.stringMatching(/^DE/) });

    // the failed draft still has no number and a payment status change after finalization is ignored
    expect((await row(failed)).invoiceNumber).toBeNull();
    await setDraftPaymentStatus(t.app.db, a, 'Failed');
    expect((await row(a)).status).toBe('Paid');
  });

  it('keeps finalized invoices and their documents immutable; corrections are cancellation invoices', async () => {
    const owner = await registerUser(t.app);
    const id = await createDraft(t.app.db, owner);
    const { invoiceNumber } = await finalizeInvoice(t.app.db, id, finalizeOptions());

    await expect(t.app.db.update(invoices).set({ amount: 1 }).where(eq(invoices.id, id))).rejects.toThrow();
    await expect(t.app.db.delete(invoices).where(eq(invoices.id, id))).rejects.toThrow();
    await expect(
      t.app.db.update(invoiceDocuments).set({ sha256: 'x' }).where(eq(invoiceDocuments.invoiceId, id)),
    ).rejects.toThrow();
    await expect(t.app.db.delete(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id))).rejects.toThrow();

    const cancellation = await cancelInvoice(t.app.db, id);
    expect(serial(cancellation.invoiceNumber)).toBeGreaterThan(serial(invoiceNumber));
    expect(await cancelInvoice(t.app.db, id)).toEqual(cancellation);
    const original = await row(id);
    const storno = await row(cancellation.invoiceId);
    expect(storno).toMatchObject({
      kind: 'cancellation',
      cancelsInvoiceId: id,
      amount: -original.amount,
      amountNet: -original.amountNet,
      vatAmount: -original.vatAmount,
    });
    expect(original.status).toBe('Paid');
    const [doc] = await t.app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, storno.id));
    expect(doc.facturXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(doc.facturXml).toContain(`<ram:IssuerAssignedID>${invoiceNumber}</ram:IssuerAssignedID>`);
  });

  it('rolls the number back with the transaction when the document cannot be stored', async () => {
    const owner = await registerUser(t.app);
    const year = new Date().getFullYear();
    const ok = await finalizeInvoice(t.app.db, await createDraft(t.app.db, owner), finalizeOptions());
    const broken = await createDraft(t.app.db, owner);
    // a buyer snapshot without the fields the document prints makes rendering throw inside the transaction
    await t.app.db.execute(
      sql`UPDATE invoices SET rows = '[{"kind":"base"}]'::jsonb, buyer = '{}'::jsonb WHERE id = ${broken}`,
    );
    await expect(finalizeInvoice(t.app.db, broken, finalizeOptions())).rejects.toThrow();
    expect((await row(broken)).invoiceNumber).toBeNull();
    const [counter] = await t.app.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year));
    expect(counter.lastValue).toBe(serial(ok.invoiceNumber));
  });

  it('gives 50 concurrent finalizations 50 consecutive numbers, no gap, no duplicate', async () => {
    const owner = await registerUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await createDraft(t.app.db, owner));
    // On PostgreSQL three handles, as of three api instances: each queues its own, the counter row orders them all.
    const url = t.databaseUrl;
    const others = url ? await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, pgliteDir: '' }))) : [];
    const dbs = [t.app.db, ...others.map((h) => h.db)];
    const results = await Promise.all(
      ids.map((id, i) => finalizeInvoice(dbs[i % dbs.length], id, finalizeOptions())),
    ).finally(() => Promise.all(others.map((h) => h.close())));
    const numbers = results.map((r) => serial(r.invoiceNumber)).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49] - numbers[0]).toBe(49);
    const docs = await t.app.db.select({ id: invoiceDocuments.invoiceId }).from(invoiceDocuments);
    expect(docs.filter((d) => ids.includes(d.id))).toHaveLength(50);
  }, 180_000);
});
