import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './types';

export * from './types';
export { storageKey } from './storage-key';
export { createDiskStorage } from './disk-storage';
export { createS3Storage } from './s3-storage';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export function createFileStorage(config: AppConfig['fileStorage']): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.root);
}

/** Decorates `app.fileStorage` (disk or S3 by config) and closes it with the app. */
export default fp(
  async (app, opts: { config: AppConfig }) => {
    const storage = createFileStorage(opts.config.fileStorage);
    app.decorate('fileStorage', storage);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'file-storage' },
);
