// The invoice PDF: A4, PDF/A-3b (pdfkit), fonts embedded from api/assets/fonts (Noto Sans, OFL), the
// factur-x.xml attached as the "Alternative" representation with the Factur-X XMP extension schema.
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { countryName, formatMoney, VAT_WORDING } from '@portal/shared/domain';
import PDFDocument from 'pdfkit';
import { API_ROOT } from '../../../lib/api-root';
import type { InvoiceDocumentData } from './document-data';
import { FACTUR_X_FILE_NAME } from './factur-x-xml';
import { formatDocumentDate, invoiceTexts, rowDescription } from './invoice-texts';

const FONT_DIR = path.join(API_ROOT, 'assets', 'fonts');
const FONT_FILES = { regular: 'NotoSans_400Regular.ttf', bold: 'NotoSans_700Bold.ttf' };
let fontBytes: Record<keyof typeof FONT_FILES, Buffer> | null = null;

/** The TTFs, read once per process (each document embeds the subset it uses). */
function fonts(): Record<keyof typeof FONT_FILES, Buffer> {
  fontBytes ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, FONT_FILES.regular)),
    bold: fs.readFileSync(path.join(FONT_DIR, FONT_FILES.bold)),
  };
  return fontBytes;
}

const fxProperty = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/** XMP of Factur-X 1.0 (profile EN 16931) with its PDF/A extension schema description. */
const FACTUR_X_XMP = `
        <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${fxProperty('DocumentFileName', 'name of the embedded XML invoice file')}${fxProperty(
                    'DocumentType',
                    'INVOICE',
                  )}${fxProperty('Version', 'The actual version of the Factur-X XML schema')}${fxProperty(
                    'ConformanceLevel',
                    'The conformance level of the embedded Factur-X data',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const GREY = '#555555';

/** Renders one finalized invoice with its factur-x.xml attached. */
export function renderInvoicePdf(data: InvoiceDocumentData, facturXml: string): Promise<Buffer> {
  const t = invoiceTexts(data.language);
  const money = (cents: number) => formatMoney(cents, data.currency);
  const titles = { invoice: t.title, cancellation: t.cancellationTitle, correction: t.correctionTitle };
  const title = titles[data.kind];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: data.language === 'en' ? 'en-GB' : 'de-DE',
    displayTitle: true,
    info: {
      Title: `${title} ${data.number}`,
      Subject: `${title} ${data.number}`,
      Creator: 'Portal',
      CreationDate: data.issueDate,
      ModDate: data.issueDate,
    },
  });
  const done = buffer(doc);
  doc.registerFont('regular', fonts().regular);
  doc.registerFont('bold', fonts().bold);

  const { seller, buyer } = data;
  const sellerLine = `${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city}`;
  doc.font('bold').fontSize(16).fillColor('black').text(seller.name, MARGIN, MARGIN);
  doc.font('regular').fontSize(8).fillColor(GREY).text(sellerLine, MARGIN, 120, { width: 260 });

  const buyerLines = [
    buyer.companyName,
    `${buyer.firstName} ${buyer.lastName}`.trim(),
    `${buyer.street} ${buyer.houseNumber}`.trim(),
    `${buyer.postalCode} ${buyer.city}`.trim(),
    countryName(buyer.country, data.language),
  ].filter((l) => l.trim());
  doc.font('regular').fontSize(10).fillColor('black').text(buyerLines.join('\n'), MARGIN, 134, { width: 260 });

  const facts: [string, string][] = [
    [t.number, data.number],
    [t.date, formatDocumentDate(data.issueDate)],
  ];
  if (data.servicePeriod) {
    const { start, end } = data.servicePeriod;
    facts.push([
      t.servicePeriod,
      end
        ? `${formatDocumentDate(start)} – ${formatDocumentDate(end)}`
        : `${t.servicePeriodOpen} ${formatDocumentDate(start)}`,
    ]);
  }
  if (data.cancelsNumber) facts.push([data.kind === 'correction' ? t.corrects : t.cancels, data.cancelsNumber]);
  const notTaxable = data.vat.kind === 'not_taxable';
  if (buyer.vatId) facts.push([notTaxable ? t.buyerTaxNumber : t.buyerVatId, buyer.vatId]);
  let y = 134;
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(8).fillColor(GREY).text(label, 340, y, { width: 200 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('black')
      .text(value, 340, y + 10, { width: 200 });
    y += 26;
  }

  y = Math.max(y, 230) + 20;
  doc.font('bold').fontSize(18).fillColor('black').text(`${title} ${data.number}`, MARGIN, y);
  y += 36;

  // rows: Pos | Description | Qty | Unit price | Amount (x offset, width, alignment of each column)
  const cols = { pos: MARGIN, desc: MARGIN + 30, qty: MARGIN + 270, unit: MARGIN + 320, amount: MARGIN + 405 };
  const columns = [
    [cols.pos, 28, 'left'],
    [cols.desc, 235, 'left'],
    [cols.qty, 45, 'right'],
    [cols.unit, 80, 'right'],
    [cols.amount, CONTENT_WIDTH - 405, 'right'],
  ] as const;
  const line = (cells: string[]) =>
    cells.forEach((cell, i) => doc.text(cell, columns[i][0], y, { width: columns[i][1], align: columns[i][2] }));
  doc.font('bold').fontSize(9);
  line([t.position, t.description, t.quantity, t.unitPrice, t.amount]);
  y += 16;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(GREY)
    .stroke();
  y += 6;
  doc.font('regular').fontSize(9);
  data.rows.forEach((row, i) => {
    const description = rowDescription(t, row);
    const height = doc.heightOfString(description, { width: 235 });
    line([String(i + 1), description, String(row.quantity), money(row.unitPriceCents), money(row.amountCents)]);
    y += Math.max(height, 12) + 6;
  });
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .stroke();
  y += 10;

  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9);
    doc.text(label, cols.qty - 60, y, { width: 185, align: 'left' });
    doc.text(value, cols.amount, y, { width: CONTENT_WIDTH - 405, align: 'right' });
    y += bold ? 18 : 14;
  };
  total(t.net, money(data.netCents));
  const wording = VAT_WORDING[data.language][data.vat.kind];
  const buyerCountry = countryName(buyer.country, data.language);
  total(wording.line(data.vat.ratePercent, buyerCountry), money(data.vatCents));
  total(t.gross, money(data.grossCents), true);
  y += 16;

  doc.font('regular').fontSize(9).fillColor('black');
  // Why there is no or foreign VAT: the exemption reason as a heading, then the note (§ 14a UStG).
  if (wording.reason) {
    doc.font('bold').text(wording.reason, MARGIN, y, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  if (wording.note) {
    doc.font('regular').text(wording.note(buyerCountry), MARGIN, y, { width: CONTENT_WIDTH });
    y = doc.y + 8;
  }
  // Reverse charge rests on the buyer's VAT ID being valid: the invoice names VIES's confirmation the decision used.
  const proof = buyer.vatVerification;
  if (data.vat.kind === 'reverse_charge' && proof?.status === 'valid' && proof.checkedAt) {
    doc.text(t.viesConfirmed(proof.vatId, formatDocumentDate(new Date(proof.checkedAt)), proof.requestId), MARGIN, y, {
      width: CONTENT_WIDTH,
    });
    y = doc.y + 8;
  }
  if (data.paidAt) {
    doc.text(t.paid(formatDocumentDate(data.paidAt)), MARGIN, y, { width: CONTENT_WIDTH });
  }

  const joined = (...parts: (string | false)[]) => parts.filter(Boolean).join(' · ');
  const footer = [
    `${seller.name} · ${seller.street} · ${seller.postalCode} ${seller.city} · ${countryName(seller.country, data.language)}`,
    joined(
      seller.vatId && `${t.sellerVatId} ${seller.vatId}`,
      seller.taxNumber && `${t.taxNumber} ${seller.taxNumber}`,
      seller.register && `${t.register}: ${seller.register}`,
    ),
    joined(seller.managingDirector && `${t.managingDirector}: ${seller.managingDirector}`, seller.email, seller.phone),
    joined(
      seller.bankName && `${t.bank}: ${seller.bankName}`,
      seller.iban && `IBAN ${seller.iban}`,
      seller.bic && `BIC ${seller.bic}`,
    ),
  ].filter(Boolean);
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(GREY)
    .text(footer.join('\n'), MARGIN, A4.height - MARGIN - 44, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: true,
    });

  // `relationship` (AFRelationship) is supported by pdfkit 0.17 but missing from @types/pdfkit.
  const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X/ZUGFeRD invoice (EN 16931)',
    creationDate: data.issueDate,
    modifiedDate: data.issueDate,
  };
  doc.file(Buffer.from(facturXml, 'utf8'), attachment);
  doc.appendXML(FACTUR_X_XMP);
  doc.end();
  return done;
}
