import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { gpsrFiles } from '../../src/db/schema';
import {
  createDiskStorage,
  createS3Storage,
  StoredFileNotFound,
  storageKey,
  type FileStorage,
} from '../../src/services/file-storage';
import { createTestApp, registerUser, type TestApp } from '../helpers';
import { grantGpsrLicense, PDF, PNG, point, storedFiles, unzipEntries, uploadGpsrFiles } from './gpsr-fixtures';

/** A source that sends some bytes and then fails after `ms`, as an aborted upload does. */
function failingSource(ms: number): Readable {
  const s = new PassThrough();
  s.write(Buffer.alloc(64 * 1024, 1));
  setTimeout(() => s.destroy(new Error('client went away')), ms);
  return s;
}

function contract(name: string, make: () => Promise<FileStorage>, list: () => Promise<string[]>) {
  describe(name, () => {
    let storage: FileStorage;
    beforeAll(async () => {
      storage = await make();
    });
    afterAll(async () => storage?.close());

    it('stores, reads, checks and deletes a file under its key', async () => {
      const key = storageKey('gpsr', 'owner-a', 'f.txt');
      const { size } = await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(size).toBe(11);
      expect(await storage.exists(key)).toBe(true);
      expect(await text(await storage.get(key))).toBe('hello world');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileNotFound);
      await storage.delete(key); // idempotent
    });

    // 0 ms: the source fails before the storage's first await is over (a busy machine), which must still reject.
    it.each([0, 20])('leaves nothing behind when the source fails half-way (after %i ms)', async (ms) => {
      const key = storageKey('gpsr', 'owner-a', 'broken.bin');
      await expect(storage.put(key, failingSource(ms))).rejects.toThrow('client went away');
      expect(await storage.exists(key)).toBe(false);
      expect(await list()).toEqual([]);
    });

    it('refuses keys that leave their folder', async () => {
      expect(() => storageKey('gpsr', '..', 'x')).toThrow();
      expect(() => storageKey('gpsr', 'a', '../b')).toThrow();
      await expect(storage.get('gpsr/../x')).rejects.toThrow(/Unsafe/);
    });
  });
}

const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-disk-storage-'));
afterAll(() => fs.rmSync(diskRoot, { recursive: true, force: true }));
contract(
  'disk storage',
  async () => createDiskStorage(diskRoot),
  async () => storedFiles(diskRoot),
);

// A local S3-compatible server (s3rver, pure JavaScript from npm) on a free port.
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
let s3: S3rver | null = null;
let s3Endpoint = '';
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'portal', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});
const s3Config = () => ({
  bucket: 'portal',
  region: 'us-east-1',
  endpoint: s3Endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: '',
});
contract(
  'S3 storage (s3rver)',
  async () => createS3Storage(s3Config()),
  async () => {
    const bucket = path.join(s3Dir, 'portal');
    return storedFiles(bucket).filter((f) => !f.endsWith('._S3rver_metadata.json') && !f.includes('_S3rver_'));
  },
);

describe('gpsr on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'portal',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'test/',
    });
  });
  afterAll(async () => t?.close());

  it('uploads evidence to the bucket and streams it back inside the documentation ZIP', async () => {
    const user = await registerUser(t.app);
    await grantGpsrLicense(t.app, user.uid);
    const up = await uploadGpsrFiles(t.app, user, [
      ...point(),
      { name: 'files', filename: 'a.png', content: PNG },
      { name: 'files', filename: 'b.pdf', content: PDF },
    ]);
    expect(up.statusCode).toBe(200);
    const files = up.json().files;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/gpsr/product/create',
      headers: user.headers,
      payload: {
        name: 'S3 product',
        riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p1', textarea: 'x', files }],
      },
    });
    const zip = await t.app.inject({
      url: `/api/gpsr/product/${created.json().id}/documentation/download?lang=en`,
      headers: user.headers,
    });
    expect(zip.statusCode).toBe(200);
    const entries = unzipEntries(zip.rawPayload);
    expect(entries.get('01-product-safety-and-risk-assessment/t1q1p1-1-a.png')).toEqual(PNG);
    expect(entries.get('01-product-safety-and-risk-assessment/t1q1p1-2-b.pdf')).toEqual(PDF);
    expect(fs.existsSync(path.join(s3Dir, 'portal', 'test', 'gpsr', user.uid))).toBe(true);
  });
});

describe('an upload interrupted half-way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('leaves no file in storage and no row', async () => {
    const user = await registerUser(t.app);
    await grantGpsrLicense(t.app, user.uid);
    const { port } = t.app.server.address() as net.AddressInfo;
    const boundary = 'xxinterruptedxx';
    const head = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="topicID"',
        '',
        't1',
        `--${boundary}`,
        'Content-Disposition: form-data; name="files"; filename="big.pdf"',
        'Content-Type: application/pdf',
        '',
        '',
      ].join('\r\n'),
    );
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      [
        'POST /api/gpsr/product/upload/files HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: ${user.headers.authorization}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${10 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(head);
    socket.write(PDF);
    socket.write(Buffer.alloc(512 * 1024, 7));
    await new Promise((r) => setTimeout(r, 500));
    socket.destroy();
    // Give the server time to notice and clean up.
    await new Promise((r) => setTimeout(r, 1000));
    const root = path.join(t.dataDir, 'files');
    expect(storedFiles(root)).toEqual([]);
    expect(await t.app.db.select().from(gpsrFiles)).toEqual([]);
  });
});
