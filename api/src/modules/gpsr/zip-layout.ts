import { GPSR_TOPICS, sanitizeGpsrFileName, type GpsrLanguage } from '@portal/shared/domain';
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
          const safe = sanitizeGpsrFileName(file.originalName).replace(/[^\p{L}\p{N}._ -]/gu, '_');
          result.push({ file, pointId: point.id, path: `${folder}/${point.id}-${i + 1}-${safe}` });
        });
      }
    }
  });
  return result;
}
