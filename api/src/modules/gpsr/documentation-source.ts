import type { GpsrLanguage } from '@portal/shared/domain';
import type { GpsrVersionAnswerJson, GpsrVersionFileJson } from '../../db/schema';
import type { FileRow, ProductRow, VersionRow } from './repository';
import { answersOf } from './service';

/** What the technical file and the ZIP are made from: the draft of a product or one released version. */
export interface DocumentationSource {
  productId: string;
  productName: string;
  /** null for the current draft. */
  version: { number: number; retentionUntil: Date } | null;
  /** The date printed and used for every ZIP entry: release time, or the draft's last change. */
  date: Date;
  progress: number;
  answers: GpsrVersionAnswerJson[];
  language: GpsrLanguage;
}

export function draftSource(product: ProductRow, files: FileRow[], language: GpsrLanguage): DocumentationSource {
  const meta = new Map(files.map((f) => [f.name, f]));
  return {
    productId: product.id,
    productName: product.name,
    version: null,
    date: new Date(Math.floor(product.updatedAt.getTime() / 1000) * 1000),
    progress: product.progress,
    language,
    answers: answersOf(product).map((a) => ({
      ...a,
      files: a.files
        .filter((f) => meta.has(f.name))
        .map((f): GpsrVersionFileJson => {
          const m = meta.get(f.name)!;
          return { name: m.name, originalName: m.originalName, mimeType: m.mimeType, size: m.size, sha256: m.sha256 };
        }),
    })),
  };
}

export function versionSource(version: VersionRow, language: GpsrLanguage): DocumentationSource {
  return {
    productId: version.originalProductId,
    productName: version.productName,
    version: { number: version.number, retentionUntil: version.retentionUntil },
    date: version.releasedAt,
    progress: version.progress,
    language,
    answers: version.riskQuestions,
  };
}
