import {
  GPSR_ALLOWED_TYPES,
  GPSR_TOPICS,
  sanitizeGpsrFileName,
  type GpsrLanguage,
  type GpsrMimeType,
} from '@portal/shared/domain';
import type { GpsrVersionAnswerJson, GpsrVersionFileJson } from '../../db/schema';

export const TECHNICAL_FILE_NAME: Record<GpsrLanguage, string> = {
  de: 'technische-dokumentation.pdf',
  en: 'technical-documentation.pdf',
};

/** ASCII folder name from a title: umlauts spelled out, other non-word characters collapsed to hyphens. */
export function folderSlug(title: string): string {
  return title
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The extension of the type the upload detected from the file's bytes (stored with it), never the client's: a PNG
 * named "setup.exe" or "invoice.html" must not reach the reader of the ZIP as a program or a web page. A type outside
 * the table falls back to the stored name's extension, which the server chose from the same detection.
 */
export function detectedExtension(file: Pick<GpsrVersionFileJson, 'mimeType' | 'name'>): string {
  if (Object.hasOwn(GPSR_ALLOWED_TYPES, file.mimeType)) return GPSR_ALLOWED_TYPES[file.mimeType as GpsrMimeType];
  return /\.([a-z0-9]{1,10})$/.exec(file.name)?.[1] ?? 'bin';
}

/**
 * The client's file name without its extension, in letters, digits, '_', '-' and spaces only: its other dots become
 * '_' too, so no second extension ("report.pdf.exe") survives in front of the detected one.
 */
export function evidenceBaseName(originalName: string): string {
  const name = sanitizeGpsrFileName(originalName);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return stem.replace(/[^\p{L}\p{N}_ -]/gu, '_').trim() || 'file';
}

export interface ZipEvidence {
  file: GpsrVersionFileJson;
  /** Path inside the ZIP, e.g. `01-product-safety-and-risk-assessment/t1q3p5-1-report.pdf`. */
  path: string;
  pointId: string;
}

/** Every evidence file with its path in a topic folder, in questionnaire order; paths are unique. */
export function evidenceLayout(answers: GpsrVersionAnswerJson[], language: GpsrLanguage): ZipEvidence[] {
  const result: ZipEvidence[] = [];
  GPSR_TOPICS.forEach((topic, index) => {
    const folder = `${String(index + 1).padStart(2, '0')}-${folderSlug(topic.title[language])}`;
    for (const question of topic.questions) {
      for (const point of question.points) {
        const answer = answers.find(
          (a) => a.topicId === point.topicId && a.questionId === point.questionId && a.pointId === point.pointId,
        );
        answer?.files.forEach((file, i) => {
          const name = `${evidenceBaseName(file.originalName)}.${detectedExtension(file)}`;
          result.push({ file, pointId: point.id, path: `${folder}/${point.id}-${i + 1}-${name}` });
        });
      }
    }
  });
  return result;
}
