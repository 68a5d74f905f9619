import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { licenses, products } from '../../src/db/schema';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const PHP_AS_PDF = Buffer.from('<?php system($_GET["c"]); ?>\n');
/** Header of an OLE compound file (what Word .doc files are). */
export const DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024, 0)]);

/** A minimal Office Open XML word document. */
export function docx(): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content ?? Buffer.alloc(0));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const point = (topicID = 't1', questionID = 'q1', pointID = 'p1'): Part[] => [
  { name: 'topicID', value: topicID },
  { name: 'questionID', value: questionID },
  { name: 'pointID', value: pointID },
];

/** The GPSR form's file upload (POST /api/gpsr/product/upload/files) of `parts` as `user`. */
export function uploadGpsrFiles(app: FastifyInstance, user: { headers: Record<string, string> }, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/gpsr/product/upload/files',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Gives the account a valid (or expired) gpsr license, writing a catalogue row of its own. */
export async function grantGpsrLicense(app: FastifyInstance, userId: string, opts: { expired?: boolean } = {}) {
  const productId = `test-gpsr-${crypto.randomBytes(4).toString('hex')}`;
  await app.db.insert(products).values({
    id: productId,
    name: 'GPSR Basic',
    pluginName: 'gpsr',
    tier: 'Basic',
    priceAmount: 990,
    licenseType: 'subscription',
    durationUnit: 'month',
    duration: 1,
    extraOptions: {},
  });
  await app.db.insert(licenses).values({
    userId,
    productId,
    key: `GPSR-${crypto.randomBytes(8).toString('hex')}`,
    status: 'active',
    expiresAt: new Date(Date.now() + (opts.expired ? -1 : 30) * 86400_000),
  });
}

/** Entries of a ZIP (name → bytes), read with the system's unzip. */
export function unzipEntries(zip: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpsr-zip-'));
  try {
    const file = path.join(dir, 'doc.zip');
    fs.writeFileSync(file, zip);
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const out = new Map<string, Buffer>();
    for (const name of names)
      out.set(name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 512 * 1024 * 1024 }));
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of a PDF through poppler's pdftotext. */
export function pdfToText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
}

/** Regular files under the storage root, outside the temp folder. */
export function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map(String)
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}
