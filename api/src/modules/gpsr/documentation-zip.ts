import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DocumentationSource } from './documentation-source';
import { fileKey, type GpsrDeps } from './service';
import { renderTechnicalFile } from './technical-file-pdf';
import { evidenceLayout, TECHNICAL_FILE_NAME } from './zip-layout';

/**
 * The documentation ZIP as a stream: the technical file first, then each evidence file read lazily from storage
 * one after the other (never the whole archive in memory). Every entry carries the source's date and fixed
 * attributes, and the order is the questionnaire's, so a released version gives the same bytes every time.
 */
export async function documentationZip(
  deps: GpsrDeps,
  ownerId: string,
  source: DocumentationSource,
): Promise<Readable> {
  const evidence = evidenceLayout(source.answers, source.language);
  const pdf = await renderTechnicalFile(source, evidence);
  const zip = new ZipFile();
  const options = { mtime: source.date, mode: 0o100644 };
  zip.addBuffer(pdf, TECHNICAL_FILE_NAME[source.language], { ...options, compress: true });
  for (const entry of evidence) {
    zip.addReadStreamLazy(entry.path, { ...options, compress: false, size: entry.file.size }, (cb) => {
      deps.fileStorage.get(fileKey(ownerId, entry.file.name)).then(
        (stream) => cb(null, stream),
        (err: Error) => cb(err, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
