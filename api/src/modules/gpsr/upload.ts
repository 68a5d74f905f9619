import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  findGpsrPoint,
  GPSR_ALLOWED_TYPES,
  GPSR_UPLOAD_LIMITS,
  sanitizeGpsrFileName,
  type GpsrFile,
  type GpsrMimeType,
} from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { detectContentType, SNIFF_BYTES } from '../../services/file-storage/detect-type';
import { fileKey, sweepUnattachedFiles, type GpsrDeps } from './service';
import { insertFiles, type FileRow } from './repository';

const MB = 1024 * 1024;
const tooLarge = (message: string) => new HttpError(413, 'payload-too-large', message);

/** Refuses what is not a plain file name: paths, traversal, control characters, reserved characters. */
function checkedOriginalName(raw: string | undefined): string {
  const name = raw ?? '';
  // eslint-disable-next-line no-control-regex
  if (!name.trim() || name.length > 255 || /[\u0000-\u001f\u007f/\\]/.test(name) || name.includes('..')) {
    throw new HttpError(400, 'file-name-invalid', `File name "${sanitizeGpsrFileName(name)}" is not allowed`);
  }
  return sanitizeGpsrFileName(name);
}

type Stored = Pick<FileRow, 'name' | 'originalName' | 'mimeType' | 'size' | 'sha256'>;

/**
 * Streams one file part into storage: the first bytes decide the type (magic bytes), the size is counted against
 * the per-file and per-request limits while the bytes flow, and any failure leaves nothing in storage.
 */
async function storePart(
  deps: GpsrDeps,
  ownerId: string,
  part: MultipartFile,
  budget: { remaining: number },
): Promise<Stored> {
  const originalName = checkedOriginalName(part.filename);
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw new HttpError(400, 'file-empty', `File "${originalName}" is empty`);
  const mimeType = await detectContentType(first, originalName);
  if (!mimeType || !Object.hasOwn(GPSR_ALLOWED_TYPES, mimeType)) {
    // Drain the refused part so the rest of the request can still be read.
    if (!ended) part.file.resume();
    throw new HttpError(
      415,
      'file-type-not-allowed',
      `File "${originalName}" is not an image, PDF or Word document (detected: ${mimeType ?? 'unknown'})`,
    );
  }
  const name = `${crypto.randomUUID()}.${GPSR_ALLOWED_TYPES[mimeType as GpsrMimeType]}`;
  const hash = crypto.createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    budget.remaining -= chunk.length;
    if (size > GPSR_UPLOAD_LIMITS.maxFileBytes || part.file.truncated) {
      throw tooLarge(`File "${originalName}" is larger than ${GPSR_UPLOAD_LIMITS.maxFileBytes / MB} MB`);
    }
    if (budget.remaining < 0) {
      throw tooLarge(`The files of one upload may have at most ${GPSR_UPLOAD_LIMITS.maxRequestBytes / MB} MB together`);
    }
    hash.update(chunk);
    return chunk;
  };
  const source = Readable.from(
    (async function* () {
      yield count(first);
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield count(next.value);
      if (part.file.truncated) count(Buffer.alloc(0));
    })(),
  );
  const key = fileKey(ownerId, name);
  await deps.fileStorage.put(key, source, { contentType: mimeType });
  return { name, originalName, mimeType, size, sha256: hash.digest('hex') };
}

const FIELDS = ['topicID', 'questionID', 'pointID'] as const;

/**
 * POST /gpsr/product/upload/files: repeated `files` parts plus topicID, questionID, pointID. All or nothing: when
 * one file is refused (type, size, name, count) every file of the request already stored is removed again.
 */
export async function handleUpload(deps: GpsrDeps, request: FastifyRequest, ownerId: string): Promise<GpsrFile[]> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > GPSR_UPLOAD_LIMITS.maxRequestBytes + MB) {
    throw tooLarge(`The files of one upload may have at most ${GPSR_UPLOAD_LIMITS.maxRequestBytes / MB} MB together`);
  }
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported-media-type', 'Upload files as multipart/form-data');
  }
  const stored: Stored[] = [];
  const fields: Record<string, string> = {};
  const budget = { remaining: GPSR_UPLOAD_LIMITS.maxRequestBytes };
  try {
    for await (const part of request.parts({
      // Keep the client's name as sent, so that a path ('../../x') is refused rather than silently cut.
      preservePath: true,
      limits: {
        fileSize: GPSR_UPLOAD_LIMITS.maxFileBytes + 1,
        files: GPSR_UPLOAD_LIMITS.maxFiles,
        fields: 10,
        fieldSize: 200,
        parts: GPSR_UPLOAD_LIMITS.maxFiles + 10,
        headerPairs: 100,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          throw new HttpError(400, 'validation-error', `Unexpected file field "${part.fieldname}"; use "files"`);
        }
        stored.push(await storePart(deps, ownerId, part, budget));
      } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    const point = findGpsrPoint(fields.topicID ?? '', fields.questionID ?? '', fields.pointID ?? '');
    if (!point) {
      throw new HttpError(400, 'validation-error', 'topicID, questionID and pointID must name a questionnaire point', {
        pointID: 'validation_gpsr_point_invalid',
      });
    }
    if (!stored.length) throw new HttpError(400, 'validation-error', 'No file was sent; use the "files" field');
    await insertFiles(
      deps.db,
      stored.map((s) => ({ ...s, userId: ownerId, productId: null })),
    );
  } catch (err) {
    await Promise.all(stored.map((s) => deps.fileStorage.delete(fileKey(ownerId, s.name)).catch(() => undefined)));
    throw mapMultipartError(err);
  }
  await sweepUnattachedFiles(deps, ownerId).catch((err) =>
    request.log.warn({ err }, 'sweeping unattached files failed'),
  );
  return stored.map((s) => ({ name: s.name, originalName: s.originalName }));
}

/** @fastify/multipart's own errors as readable 4xx bodies. */
function mapMultipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(413, 'too-many-files', `At most ${GPSR_UPLOAD_LIMITS.maxFiles} files can be uploaded at once`);
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return tooLarge(`A file is larger than ${GPSR_UPLOAD_LIMITS.maxFileBytes / MB} MB`);
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(400, 'bad-request', 'The multipart request is not valid');
  }
  const message = (err as Error)?.message ?? '';
  // busboy throws plain errors for a Content-Type without a boundary ("Boundary not found") and for one longer
  // than its search buffer ("The needle cannot have a length bigger than 256"): the client's mistake, not ours.
  if (/Boundary not found|Boundary required|needle cannot/i.test(message)) {
    return new HttpError(
      400,
      'invalid-multipart',
      'Content-Type multipart/form-data needs a boundary parameter of 1 to 70 characters',
    );
  }
  // The body stopped before its closing boundary: cut off mid-part, or not multipart with this boundary at all.
  if (/Unexpected end of multipart data|terminated early due to unexpected end/i.test(message)) {
    return new HttpError(
      400,
      'invalid-multipart',
      'The multipart body ends before its closing boundary (cut off, or not split by the declared boundary)',
    );
  }
  if (/Unexpected end of form|Part terminated early|aborted|premature close/i.test(message)) {
    return new HttpError(400, 'upload-incomplete', 'The upload ended before all files were received');
  }
  return err;
}
