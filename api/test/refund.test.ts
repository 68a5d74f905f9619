// Refunds as the sandbox provider reports them (PAYMENT.REFUNDED, signed like its other events): a full refund
// ends the license and the subscription and issues the cancellation invoice; a partial one issues a correction
// invoice of its own number for the refunded part (a credit note, type 381, referencing the original, taxed as the
// original was), read back as a PDF (pdftotext) with its factur-x.xml (pdfdetach, the EN 16931 XSD). The same refund
// twice, or refunds in another order, book nothing more.
import crypto from 'node:crypto';
import { INVOICE_NUMBER_PATTERN } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { licenses, subscriptions, users } from '../src/db/schema';
import { completeProfile, COMPLETE_CONTACT, registerUser } from './helpers';
import type { TestApp, TestIdentity } from './helpers';
import { downloadInvoice, xmlValues } from './invoice-reading';
import { buy, buyer, createShopApp, FRESH_DESK_YEARLY, postEvent, signedEvent } from './payment/purchase-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createShopApp();
}, 120_000);
afterAll(async () => t?.close());

interface ListedInvoice {
  id: string;
  kind: string;
  invoice_number: string | null;
  cancels_invoice_id: string | null;
  amount_with_vat: number;
  amount_net: number;
  vat_amount: number;
  vat_rate: number;
  status: string;
  has_pdf: boolean;
}

async function list(who: TestIdentity): Promise<ListedInvoice[]> {
  const res = await t.app.inject({ url: '/api/invoice/list?limit=50', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().invoice_list;
}

/** A paid purchase of Fresh Desk Basic yearly with 2 extra users (322,49 € for a German buyer). */
async function paidPurchase(who?: TestIdentity) {
  const seller = who ?? (await buyer(t.app));
  const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
  const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
  expect((await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource))).json()).toMatchObject({ status: 'Paid' });
  return { seller, bought, resource, gross: bought.quote.grossCents };
}

const refund = (resource: { ref: string; currency: string }, cents: number, refundId?: string, eventId?: string) =>
  postEvent(
    t.app,
    signedEvent(
      'PAYMENT.REFUNDED',
      { ...resource, amount_cents: cents, ...(refundId && { refund_id: refundId }) },
      { id: eventId },
    ),
  );

async function standing(seller: TestIdentity) {
  const [license] = await t.app.db.select().from(licenses).where(eq(licenses.userId, seller.uid));
  const [subscription] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, seller.uid));
  return { license: license.status, subscription: subscription?.status ?? null };
}

const readDocument = (who: TestIdentity, id: string) => downloadInvoice(t.app, who, id);

describe('refunds reported by the sandbox provider', () => {
  it('a full refund issues the cancellation invoice once and ends the license and the subscription', async () => {
    const { seller, bought, resource, gross } = await paidPurchase();
    expect(await standing(seller)).toEqual({ license: 'active', subscription: 'Active' });

    const eventId = `evt_${crypto.randomUUID()}`;
    const first = await refund(resource, gross, 're_full', eventId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Refunded' });
    // the same event again, and the same refund in a new event: nothing more
    expect((await refund(resource, gross, 're_full', eventId)).json()).toMatchObject({ duplicate: true });
    expect((await refund(resource, gross, 're_full')).statusCode).toBe(200);

    const invoices = await list(seller);
    expect(invoices).toHaveLength(2);
    const [cancellation, original] = invoices;
    expect(original).toMatchObject({ id: bought.invoice_id, kind: 'invoice', status: 'Paid' });
    expect(cancellation).toMatchObject({
      kind: 'cancellation',
      cancels_invoice_id: bought.invoice_id,
      amount_with_vat: -gross,
      has_pdf: true,
    });
    expect(await standing(seller)).toEqual({ license: 'inactive', subscription: 'Cancelled' });
    const all = await t.app.inject({ url: '/api/license/all', headers: seller.headers });
    expect(all.json().items[0]).toMatchObject({ status: 'inactive' });
    const check = await t.app.inject({
      url: `/api/invoice/${bought.invoice_id}/payment-check`,
      headers: seller.headers,
    });
    expect(check.json().payment.status).toBe('Refunded');
  });

  it('a partial refund issues a correction invoice (credit note 381 of the refunded part, own number, PDF and XML)', async () => {
    const { seller, bought, resource, gross } = await paidPurchase();
    const res = await refund(resource, 5000, 're_part_1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Paid' });
    expect(await standing(seller)).toEqual({ license: 'active', subscription: 'Active' });

    const [correction, original] = await list(seller);
    expect(correction).toMatchObject({
      kind: 'correction',
      cancels_invoice_id: bought.invoice_id,
      amount_with_vat: -5000,
      amount_net: -4202,
      vat_amount: -798,
      vat_rate: 19,
      status: 'Refunded',
      has_pdf: true,
    });
    expect(correction.invoice_number).toMatch(INVOICE_NUMBER_PATTERN);
    const serial = (n: string | null) => Number(n!.split('-')[2]);
    expect(serial(correction.invoice_number)).toBeGreaterThan(serial(original.invoice_number));

    const { text, xml } = await readDocument(seller, correction.id);
    expect(text).toContain(`Rechnungskorrektur ${correction.invoice_number}`);
    expect(text).toContain(`Korrigiert Rechnung`);
    expect(text).toContain(original.invoice_number);
    expect(text).toContain('Erstattung (Teilbetrag)');
    expect(text).toMatch(/-42,02 €/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+-7,98 €/);
    expect(text).toMatch(/Gesamtbetrag\s+-50,00 €/);
    expect(gross).toBe(32249);

    // a credit note: type 381, positive amounts, the original invoice referenced (BT-25)
    expect(xmlValues(xml, 'TypeCode')).toContain('381');
    expect(xml).toMatch(
      new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${original.invoice_number}<`),
    );
    expect(xmlValues(xml, 'LineTotalAmount')).toEqual(['42.02', '42.02']);
    expect(xmlValues(xml, 'BasisAmount')).toEqual(['42.02']);
    expect(xmlValues(xml, 'CalculatedAmount')).toEqual(['7.98']);
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['50.00']);
    expect(xmlValues(xml, 'CategoryCode')).toEqual(['S', 'S']);
    expect(xmlValues(xml, 'RateApplicablePercent')).toEqual(['19', '19']);

    // another seller sees neither the correction nor its PDF
    const other = await registerUser(t.app);
    const foreign = await t.app.inject({ url: `/api/invoice/${correction.id}/pdf`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
  });

  it('books each refund once, in any order, and ends the license when the refunds reach the gross', async () => {
    const { seller, bought, resource, gross } = await paidPurchase();
    // the later refund first, then the earlier one twice (a redelivery with a new event id)
    expect((await refund(resource, 12000, 're_b')).json()).toMatchObject({ status: 'Paid' });
    expect((await refund(resource, 10000, 're_a')).json()).toMatchObject({ status: 'Paid' });
    expect((await refund(resource, 10000, 're_a')).json()).toMatchObject({ status: 'Paid' });
    expect((await list(seller)).filter((i) => i.kind === 'correction')).toHaveLength(2);
    expect(await standing(seller)).toEqual({ license: 'active', subscription: 'Active' });

    const rest = gross - 22000;
    expect((await refund(resource, rest, 're_c')).json()).toMatchObject({ status: 'Refunded' });
    // more than was paid (a provider would refuse it) books nothing
    expect((await refund(resource, 100, 're_d')).json()).toMatchObject({ status: 'Refunded' });
    const corrections = (await list(seller)).filter((i) => i.cancels_invoice_id === bought.invoice_id);
    expect(corrections.map((c) => c.kind)).toEqual(['correction', 'correction', 'correction']);
    expect(corrections.reduce((sum, c) => sum + c.amount_with_vat, 0)).toBe(-gross);
    expect(corrections.reduce((sum, c) => sum + c.amount_net + c.vat_amount, 0)).toBe(-gross);
    expect(await standing(seller)).toEqual({ license: 'inactive', subscription: 'Cancelled' });
  });

  it('a refund that arrives before its payment is refused, and booked when delivered again after it', async () => {
    const seller = await buyer(t.app);
    const bought = await buy(t.app, seller, FRESH_DESK_YEARLY);
    const resource = { ref: bought.ref, amount_cents: bought.quote.grossCents, currency: 'EUR' };
    const early = signedEvent('PAYMENT.REFUNDED', { ...resource, refund_id: 're_early' });
    expect((await postEvent(t.app, early)).statusCode).toBe(404);
    expect(await list(seller)).toHaveLength(1);

    await postEvent(t.app, signedEvent('PAYMENT.COMPLETED', resource));
    const again = await postEvent(t.app, signedEvent('PAYMENT.REFUNDED', early.body.resource, { id: early.body.id }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'Refunded' });
    expect((await list(seller)).map((i) => i.kind)).toEqual(['cancellation', 'invoice']);
    expect(await standing(seller)).toEqual({ license: 'inactive', subscription: 'Cancelled' });
  });

  it("corrects with the original's treatment: One-Stop-Shop VAT of Austria, in English", async () => {
    const seller = await registerUser(t.app);
    await completeProfile(t.app, seller, {
      ...COMPLETE_CONTACT,
      country: 'AT',
      city: 'Wien',
      postalCode: '1010',
      vatID: '',
    });
    await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, seller.uid));
    const { resource, bought } = await paidPurchase(seller);
    expect(bought.quote).toMatchObject({ netCents: 27100, vatCents: 5420, grossCents: 32520 });
    expect((await refund(resource, 1001, 're_at')).statusCode).toBe(200);
    const [correction] = await list(seller);
    // 1001 = 834 + 167: 834 × 20 % is 166.8 → 167
    expect(correction).toMatchObject({ kind: 'correction', amount_net: -834, vat_amount: -167, vat_rate: 20 });
    const { text, xml } = await readDocument(seller, correction.id);
    expect(xmlValues(xml, 'RateApplicablePercent')).toEqual(['20', '20']);
    expect(xmlValues(xml, 'CategoryCode')).toEqual(['S', 'S']);
    expect(xmlValues(xml, 'CalculatedAmount')).toEqual(['1.67']);
    expect(text).toContain(`Correction invoice ${correction.invoice_number}`);
    expect(text).toContain('Refund (part of the amount)');
    expect(text).toMatch(/VAT 20 % \(Austria\)\s+-1\.67 €|VAT 20 % \(Austria\)\s+-1,67 €/);
  });
});
