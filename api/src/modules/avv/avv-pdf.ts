import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { avvDocument, type AvvTextInput } from './avv-text';

/**
 * Renders the AVV as a PDF. Streams are left uncompressed so that the text stays searchable in
 * the raw file (the document is small).
 */
export function renderAvvPdf(lang: 'de' | 'en', input: AvvTextInput): Promise<Buffer> {
  const text = avvDocument(lang, input);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: text.title, Author: text.processor[0], Subject: text.subtitle },
  });
  const done = buffer(doc);

  doc.font('Helvetica-Bold').fontSize(18).text(text.title, { align: 'center' });
  doc.font('Helvetica').fontSize(11).text(text.subtitle, { align: 'center' });
  doc.moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(12).text(text.partiesHeading);
  doc.moveDown(0.5);
  const { customer } = input;
  const controllerLines = [
    customer.companyName,
    customer.name,
    customer.street,
    customer.postalCodeCity,
    customer.country,
    customer.email,
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  doc.font('Helvetica-Bold').fontSize(10).text(text.controllerLabel);
  doc.font('Helvetica').text(controllerLines.join('\n'));
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text(text.processorLabel);
  doc.font('Helvetica').text(text.processor.join('\n'));
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(10).text(text.versionLine);
  doc.text(text.acceptanceLine);
  doc.moveDown(1);

  for (const section of text.sections) {
    if (section.heading) {
      doc.font('Helvetica-Bold').fontSize(11).text(section.heading);
      doc.moveDown(0.2);
    }
    for (const paragraph of section.paragraphs) {
      doc.font('Helvetica').fontSize(10).text(paragraph, { align: 'justify' });
      doc.moveDown(0.5);
    }
    doc.moveDown(0.3);
  }
  doc.font('Helvetica-Bold').fontSize(11).text(text.subProcessorsHeading);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(10);
  for (const line of text.subProcessorLines.length ? text.subProcessorLines : [text.subProcessorsEmpty]) {
    doc.text(`• ${line}`);
  }
  doc.moveDown(1);
  doc.font('Helvetica-Oblique').fontSize(9).text(text.footer);
  doc.end();
  return done;
}
