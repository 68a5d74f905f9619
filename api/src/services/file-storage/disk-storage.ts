import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey } from './storage-key';
import { StoredFileNotFound, type FileStorage } from './types';

/** Files under `root` (default `<DATA_DIR>/files`); writes go to `root/.tmp` first and are renamed into place. */
export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');

  function pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return full;
  }

  const storage: FileStorage = {
    kind: 'disk',
    async put(key, source) {
      const target = pathOf(key);
      const partial = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      let size = 0;
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      // The pipeline listens before the first await: a source that fails or flows meanwhile would otherwise throw an
      // unhandled error or lose its first bytes. So the temporary folder is made synchronously (one cheap syscall).
      fs.mkdirSync(tmpDir, { recursive: true });
      const written = pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }));
      try {
        await written;
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(partial, target);
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
      return { size };
    },
    async get(key) {
      const full = pathOf(key);
      try {
        const handle = await fs.promises.open(full, 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileNotFound(key);
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.promises.access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async close() {},
  };
  return storage;
}
