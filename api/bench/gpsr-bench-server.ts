// Child of bench/gpsr-bench.mjs (run with tsx from api/): the real api on PGlite with a seller whose GPSR product
// carries BENCH_GPSR_MB (200) of evidence files, written straight into the file storage. Prints one JSON line
// {url, token, productId, pid, evidenceBytes}; stops on SIGTERM.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { gpsrFiles } from '../src/db/schema';
import { storageKey } from '../src/services/file-storage';
import { testConfig } from '../test/test-config';
import { emulatorSignUp } from './emulator-sign-up';

const TOTAL_MB = Number(process.env.BENCH_GPSR_MB || 200);
const FILE_MB = 25;

/** `bytes` of incompressible data that starts like a PDF, produced 1 MB at a time. */
function evidence(bytes: number): Readable {
  let left = bytes;
  let first = true;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const chunk = crypto.randomBytes(Math.min(left, 1024 * 1024));
      if (first) chunk.write('%PDF-1.7\n', 0);
      first = false;
      left -= chunk.length;
      this.push(chunk);
    },
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-gpsr-bench-'));
  const config = testConfig(dataDir, { LOG_LEVEL: 'silent' });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const email = `gpsr-bench-${crypto.randomBytes(4).toString('hex')}@portal.test`;
  const { uid, token } = await emulatorSignUp(email, 'bench1234');
  const auth = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: auth,
    payload: { Id: uid, Email: email },
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/user: ${created.statusCode} ${created.body}`);
  await app.db.execute(sql`
    INSERT INTO licenses (user_id, product_id, key, status, expires_at)
    VALUES (${uid}, 'gpsr-basic-monthly', ${`GPSR-BENCH-${uid}`}, 'active', now() + interval '1 year')`);

  const files: { name: string; originalName: string }[] = [];
  let evidenceBytes = 0;
  for (let i = 0; evidenceBytes < TOTAL_MB * 1024 * 1024; i++) {
    const size = Math.min(FILE_MB, TOTAL_MB - i * FILE_MB) * 1024 * 1024;
    const name = `${crypto.randomUUID()}.pdf`;
    await app.fileStorage.put(storageKey('gpsr', uid, name), evidence(size));
    await app.db
      .insert(gpsrFiles)
      .values({ name, userId: uid, originalName: `report-${i + 1}.pdf`, mimeType: 'application/pdf', size });
    files.push({ name, originalName: `report-${i + 1}.pdf` });
    evidenceBytes += size;
  }
  const product = await app.inject({
    method: 'POST',
    url: '/api/gpsr/product/create',
    headers: auth,
    payload: {
      name: 'Bench product',
      riskQuestions: [{ topicId: 't1', questionId: 'q3', pointId: 'p5', textarea: 'Evidence for the bench', files }],
    },
  });
  if (product.statusCode !== 201) throw new Error(`create product: ${product.statusCode} ${product.body}`);

  process.stdout.write(
    `${JSON.stringify({ url, token, productId: product.json().id, pid: process.pid, evidenceBytes })}\n`,
  );
  process.on('SIGTERM', () => {
    void app.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
