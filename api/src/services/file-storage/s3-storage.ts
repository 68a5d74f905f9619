import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, Readable } from 'node:stream';
import { assertStorageKey } from './storage-key';
import { StoredFileNotFound, type FileStorage } from './types';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:4569 for a local S3-compatible server; null → AWS. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (e.g. 'portal/'). */
  prefix: string;
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { name?: string }).name === 'NotFound' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * S3-compatible object storage. Uploads stream through a multipart upload (@aws-sdk/lib-storage): the object exists
 * only after the upload completed, and a failed stream aborts the upload, so nothing half-written stays behind.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${config.prefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, source, options = {}) {
      let size = 0;
      const counted = new PassThrough();
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      source.on('error', (err) => counted.destroy(err));
      source.pipe(counted);
      const upload = new Upload({
        client,
        params: { Bucket: config.bucket, Key: objectKey(key), Body: counted, ContentType: options.contentType },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      const failed = new Promise<never>((_, reject) => counted.on('error', reject));
      try {
        await Promise.race([upload.done(), failed]);
      } catch (err) {
        await upload.abort().catch(() => undefined);
        // A single-part upload may have completed just before the source failed: remove it.
        await client
          .send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))
          .catch(() => undefined);
        throw err;
      }
      return { size };
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!res.Body) throw new StoredFileNotFound(key);
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new StoredFileNotFound(key);
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
