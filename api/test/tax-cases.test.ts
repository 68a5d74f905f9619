// Each tax case end to end, as a seller meets it: the profile's address, the dialog's quote (POST /invoice/quote),
// the purchase, the payment, and the issued invoice read back as a PDF (pdftotext) with its factur-x.xml (pdfdetach,
// the EN 16931 XSD). Quote, invoice row, PDF and XML must say the same, and an issued invoice never changes. VAT IDs
// are confirmed by the test run's VIES simulator (scripts/vies-registry.json: ATU13585627 is known, ATU10223006's
// member state is unavailable, any other number is unknown).
import { completeProfile, COMPLETE_CONTACT, registerUser } from './helpers';
import type { TestApp, TestIdentity } from './helpers';
import { downloadInvoice, partyTaxIds, xmlValues } from './invoice-reading';
import { buy, createShopApp, FRESH_DESK_YEARLY, postEvent, signedEvent } from './payment/purchase-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createShopApp();
}, 120_000);
afterAll(async () => t?.close());

type Contact = typeof COMPLETE_CONTACT;
const contact = (patch: Partial<Contact>): Contact => ({ ...COMPLETE_CONTACT, ...patch });

/** The seller's profile, the dialog's quote, the purchase and its payment: the issued invoice as PDF text and XML. */
async function buyAndRead(who: TestIdentity, address: Contact) {
  await completeProfile(t.app, who, address);
  const quoted = await t.app.inject({
    method: 'POST',
    url: '/api/invoice/quote',
    headers: who.headers,
    payload: FRESH_DESK_YEARLY,
  });
  expect(quoted.statusCode).toBe(200);
  const quote = quoted.json();
  const bought = await buy(t.app, who, FRESH_DESK_YEARLY);
  expect(bought.quote).toEqual(quote);
  const paid = await postEvent(
    t.app,
    signedEvent('PAYMENT.COMPLETED', { ref: bought.ref, amount_cents: quote.grossCents, currency: 'EUR' }),
  );
  expect(paid.json()).toMatchObject({ status: 'Paid' });
  return { quote, invoiceId: bought.invoice_id, ...(await readInvoice(who, bought.invoice_id)) };
}

async function readInvoice(who: TestIdentity, id: string) {
  const view = await t.app.inject({ method: 'GET', url: `/api/invoice/${id}`, headers: who.headers });
  expect(view.statusCode).toBe(200);
  return { view: view.json(), ...(await downloadInvoice(t.app, who, id)) };
}

// fresh_desk Basic yearly with 2 extra users: 199,00 € + 2 × 36,00 € = 271,00 € net.
const NET = 27100;

describe('tax cases: profile → quote → paid invoice → PDF and XML', () => {
  it('Germany: 19 % German VAT, category S', async () => {
    const who = await registerUser(t.app);
    const { quote, view, text, xml } = await buyAndRead(who, COMPLETE_CONTACT);
    expect(quote.vat).toEqual({ kind: 'standard', ratePercent: 19 });
    expect([quote.netCents, quote.vatCents, quote.grossCents]).toEqual([NET, 5149, 32249]);
    expect(view).toMatchObject({
      amount_net: NET,
      vat_amount: 5149,
      total: 32249,
      vat_rate: 19,
      reverse_charge: false,
    });
    expect(text).toMatch(/Umsatzsteuer 19 %\s+51,49 €/);
    expect(text).toMatch(/Gesamtbetrag\s+322,49 €/);
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['S']));
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['19']));
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['322.49']);
  });

  it('Austrian company whose VAT ID VIES confirmed: reverse charge, category AE with both VAT IDs', async () => {
    const who = await registerUser(t.app);
    const address = contact({ country: 'AT', city: 'Wien', postalCode: '1070', vatID: 'ATU13585627' });
    const { quote, view, text, xml } = await buyAndRead(who, address);
    expect(quote.vat).toEqual({ kind: 'reverse_charge', ratePercent: 0 });
    expect([quote.vatCents, quote.grossCents]).toEqual([0, NET]);
    expect(view).toMatchObject({ vat_amount: 0, total: NET, vat_rate: 0, reverse_charge: true });
    expect(text).toMatch(/Umsatzsteuer 0 % \(Reverse Charge\)\s+0,00 €/);
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).toMatch(/USt-IdNr\. des Leistungsempfängers\s+ATU13585627/);
    // The proof the reverse charge rests on: VIES's confirmation with its consultation number.
    expect(text).toMatch(
      /USt-IdNr\. ATU13585627 am \d\d\.\d\d\.\d{4} durch VIES bestätigt\s+\(Abfragenummer\s+\S+\)\./,
    );
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['AE']));
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['0']));
    expect(xmlValues(xml, 'ExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(partyTaxIds(xml, 'BuyerTradeParty')).toEqual(['VA:ATU13585627']);
    expect(partyTaxIds(xml, 'SellerTradeParty').some((id) => id.startsWith('VA:'))).toBe(true);
  });

  it("Austrian company with a right checksum that VIES does not know: Austria's 20 %, its VAT ID printed", async () => {
    const who = await registerUser(t.app);
    const address = contact({ country: 'AT', city: 'Wien', postalCode: '1010', vatID: 'ATU12345675' });
    const { quote, view, text, xml } = await buyAndRead(who, address);
    expect(quote.vat).toEqual({ kind: 'oss', ratePercent: 20, country: 'AT' });
    expect([quote.vatCents, quote.grossCents]).toEqual([5420, 32520]);
    expect(view).toMatchObject({ vat_amount: 5420, total: 32520, vat_rate: 20, reverse_charge: false });
    expect(text).toMatch(/Umsatzsteuer 20 % \(Österreich\)\s+54,20 €/);
    expect(text).toContain('Umsatzsteuer des Landes des Leistungsempfängers (Österreich)');
    expect(text).toContain('ATU12345675');
    expect(text).not.toContain('Steuerschuldnerschaft');
    expect(text).not.toContain('VIES');
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['S']));
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['20']));
    expect(xmlValues(xml, 'CalculatedAmount')).toEqual(['54.20']);
    expect(partyTaxIds(xml, 'BuyerTradeParty')).toEqual(['VA:ATU12345675']);
  });

  it('VIES cannot answer for the member state: taxed as without a VAT ID, the purchase goes through', async () => {
    const who = await registerUser(t.app);
    const address = contact({ country: 'AT', city: 'Wien', postalCode: '1010', vatID: 'ATU10223006' });
    const { quote, view } = await buyAndRead(who, address);
    expect(quote.vat).toEqual({ kind: 'oss', ratePercent: 20, country: 'AT' });
    expect(view).toMatchObject({ total: 32520, reverse_charge: false });
  });

  it("Finnish buyer without a VAT ID: Finland's 25,5 % (a rate with a decimal, stored and printed as is)", async () => {
    const who = await registerUser(t.app);
    const address = contact({ country: 'FI', city: 'Helsinki', postalCode: '00100', vatID: '', companyName: '' });
    const { quote, view, text, xml } = await buyAndRead(who, address);
    expect(quote.vat).toEqual({ kind: 'oss', ratePercent: 25.5, country: 'FI' });
    // 25.5 % of 271,00 € = 69,105 € → 69,11 € (half up)
    expect([quote.vatCents, quote.grossCents]).toEqual([6911, 34011]);
    expect(view).toMatchObject({ vat_amount: 6911, total: 34011, vat_rate: 25.5 });
    expect(text).toMatch(/Umsatzsteuer 25,5 % \(Finnland\)\s+69,11 €/);
    expect(text).not.toContain('USt-IdNr. des Leistungsempfängers');
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['25.5']));
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['340.11']);
  });

  it('Swiss company: no German VAT, the reason and its UID on the invoice, category O without VAT identifiers', async () => {
    const who = await registerUser(t.app);
    const address = contact({ country: 'CH', city: 'Zürich', postalCode: '8001', vatID: 'CHE123456788' });
    const { quote, view, text, xml } = await buyAndRead(who, address);
    expect(quote.vat).toEqual({ kind: 'not_taxable', ratePercent: 0 });
    expect([quote.vatCents, quote.grossCents]).toEqual([0, NET]);
    expect(view).toMatchObject({ vat_amount: 0, total: NET, vat_rate: 0, reverse_charge: false });
    expect(text).toMatch(/Umsatzsteuer 0 % \(nicht steuerbar\)\s+0,00 €/);
    expect(text).toContain('Nicht im Inland steuerbare Leistung');
    expect(text).toMatch(/Steuernummer des Leistungsempfängers\s+CHE123456788/);
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['O']));
    expect(xmlValues(xml, 'RateApplicablePercent')).toEqual([]);
    expect(xmlValues(xml, 'ExemptionReasonCode')).toEqual(['VATEX-EU-O']);
    expect(partyTaxIds(xml, 'BuyerTradeParty')).toEqual([]);
    expect(partyTaxIds(xml, 'SellerTradeParty').every((id) => id.startsWith('FC:'))).toBe(true);
  });

  it('British and Norwegian buyers without a tax number: no German VAT either, and no tax number line', async () => {
    for (const [country, postalCode, city] of [
      ['GB', 'SW1A 1AA', 'London'],
      ['NO', '0150', 'Oslo'],
    ]) {
      const who = await registerUser(t.app);
      const { quote, text, xml } = await buyAndRead(who, contact({ country, postalCode, city, vatID: '' }));
      expect(quote.vat.kind).toBe('not_taxable');
      expect(quote.grossCents).toBe(NET);
      expect(text).toContain('Nicht im Inland steuerbare Leistung');
      expect(text).not.toContain('Steuernummer des Leistungsempfängers');
      expect(xmlValues(xml, 'CategoryCode')).toContain('O');
    }
  });

  it('an issued invoice never changes: a later profile change touches neither its amounts, nor its PDF or XML', async () => {
    const who = await registerUser(t.app);
    const swiss = contact({ country: 'CH', city: 'Zürich', postalCode: '8001', vatID: 'CHE123456788' });
    const issued = await buyAndRead(who, swiss);
    // the seller moves to Germany: new purchases pay 19 %, the issued invoice stays as it was
    await completeProfile(t.app, who, COMPLETE_CONTACT);
    const again = await readInvoice(who, issued.invoiceId);
    expect(again.view).toEqual(issued.view);
    expect(Buffer.compare(again.pdf, issued.pdf)).toBe(0);
    expect(again.xml).toBe(issued.xml);
    const now = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/quote',
      headers: who.headers,
      payload: { product_id: 'gpsr-basic-monthly' },
    });
    expect(now.json().vat).toEqual({ kind: 'standard', ratePercent: 19 });
  });

  it('a purchase paid after the profile changed is invoiced as it was quoted and paid', async () => {
    const who = await registerUser(t.app);
    await completeProfile(t.app, who, contact({ country: 'CH', city: 'Zürich', postalCode: '8001', vatID: '' }));
    const bought = await buy(t.app, who, FRESH_DESK_YEARLY);
    expect(bought.quote.grossCents).toBe(NET);
    await completeProfile(t.app, who, COMPLETE_CONTACT);
    const paid = await postEvent(
      t.app,
      signedEvent('PAYMENT.COMPLETED', { ref: bought.ref, amount_cents: NET, currency: 'EUR' }),
    );
    expect(paid.json()).toMatchObject({ status: 'Paid' });
    const { view, text } = await readInvoice(who, bought.invoice_id);
    expect(view).toMatchObject({ total: NET, vat_amount: 0 });
    expect(text).toContain('Nicht im Inland steuerbare Leistung');
  });
});
