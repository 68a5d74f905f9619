import { buffer } from 'node:stream/consumers';
import { formatDateUtc, GPSR_RETENTION_CHECKLIST, GPSR_TOPICS } from '@portal/shared/domain';
import PDFDocument from 'pdfkit';
import type { DocumentationSource } from './documentation-source';
import { TECHNICAL_FILE_LABELS } from './technical-file-labels';
import type { ZipEvidence } from './zip-layout';

/**
 * The technical file of a product (Art. 9(2)): product, every point grouped by topic with its article reference and
 * answer, the evidence files, date and version. Deterministic: the PDF's dates (and so its file id) come from the
 * source, the fonts are the standard ones (nothing embedded), so a released version renders to the same bytes.
 */
export function renderTechnicalFile(source: DocumentationSource, evidence: ZipEvidence[]): Promise<Buffer> {
  const lang = source.language;
  const l = TECHNICAL_FILE_LABELS[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: true,
    info: {
      Title: `${l.title}: ${source.productName}`,
      Subject: l.regulation,
      Creator: 'Portal GPSR',
      Producer: 'Portal GPSR',
      CreationDate: source.date,
      ModDate: source.date,
    },
  });
  const done = buffer(doc);

  doc.font('Helvetica-Bold').fontSize(18).text(l.title);
  doc.font('Helvetica').fontSize(10).fillColor('#444').text(l.regulation).fillColor('black');
  doc.moveDown();
  const facts: [string, string][] = [
    [l.product, source.productName],
    ['Version', source.version ? l.version(source.version.number) : l.draft],
    [l.date, `${formatDateUtc(source.date)} (UTC)`],
    ...(source.version ? [[l.retainedUntil, formatDateUtc(source.version.retentionUntil)] as [string, string]] : []),
    [l.progress, `${source.progress} %`],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text(`${l.checklist}: `, { continued: true });
  doc.font('Helvetica').text(`[x] ${GPSR_RETENTION_CHECKLIST[lang]}`);

  const byPoint = new Map(source.answers.map((a) => [`${a.topicId}${a.questionId}${a.pointId}`, a]));
  const filesOf = (pointId: string) => evidence.filter((e) => e.pointId === pointId);
  GPSR_TOPICS.forEach((topic, ti) => {
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(`${ti + 1}. ${topic.title[lang]}`);
    topic.questions.forEach((question, qi) => {
      doc.moveDown(0.4);
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(`${ti + 1}.${qi + 1} ${question.title[lang]}`);
      for (const point of question.points) {
        const answer = byPoint.get(point.id);
        doc.moveDown(0.3);
        doc.font('Helvetica-Bold').fontSize(10).text(`${point.id} – ${point.title[lang]}`);
        doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555').text(`${point.article} VO (EU) 2023/988`);
        doc.fillColor('black').font('Helvetica').fontSize(10);
        doc.text(answer?.textarea.trim() ? answer.textarea : l.noAnswer);
        const files = filesOf(point.id);
        if (files.length) doc.fontSize(9).text(`${l.evidence}: ${files.map((f) => f.path).join(', ')}`);
      }
    });
  });

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(13).text(l.evidenceList);
  doc.moveDown(0.5);
  if (!evidence.length) doc.font('Helvetica').fontSize(10).text(l.noEvidence);
  for (const e of evidence) {
    doc.font('Helvetica-Bold').fontSize(9).text(e.path);
    doc.font('Helvetica').text(`${e.file.mimeType}, ${e.file.size} ${l.bytes}, SHA-256 ${e.file.sha256 || '-'}`);
    doc.moveDown(0.2);
  }
  doc.end();
  return done;
}
