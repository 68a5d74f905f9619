import { saveBlob, type HttpClient } from '@portal/shared';
import { gpsrDocumentationFileName } from '@portal/shared/domain';

/** Thrown when the answer is not a ZIP or is empty: neither is saved; the caller shows the matching message. */
export class DocumentationDownloadError extends Error {
  constructor(public readonly reason: 'not-zip' | 'empty') {
    super(reason === 'not-zip' ? 'The answer is not a ZIP file' : 'The ZIP file is empty');
    this.name = 'DocumentationDownloadError';
  }
}

/**
 * Fetches the documentation ZIP (a released version when `version` is set) and saves it under a file name made from
 * the product name (gpsrDocumentationFileName).
 */
export async function downloadDocumentation(
  http: HttpClient,
  product: { id: string; name: string },
  options: { version?: number; language: string },
): Promise<void> {
  const blob = await http.get<Blob>(`/gpsr/product/${encodeURIComponent(product.id)}/documentation/download`, {
    query: { lang: options.language === 'en' ? 'en' : 'de', ...(options.version ? { version: options.version } : {}) },
    responseType: 'blob',
  });
  if (!/^application\/(zip|x-zip-compressed)/.test(blob.type)) throw new DocumentationDownloadError('not-zip');
  if (blob.size === 0) throw new DocumentationDownloadError('empty');
  saveBlob(blob, gpsrDocumentationFileName(product.name, options.version));
}
