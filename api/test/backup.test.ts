// Backup and restore of the embedded database: a seller's data (account, profile, a finalized invoice with its
// stored PDF, a license) goes through `npm run backup` and `npm run restore` into a new data dir and reads back
// through the api; restore refuses a non-empty database unless --force; the same dump loads into PostgreSQL with
// psql (TEST_DATABASE_URL) and an api that does not migrate serves it.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { BackupError, restorePglite } from '../src/db/backup';
import { openDatabase } from '../src/db/client';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { EMULATOR_HOST, PROJECT_ID, completeProfile, pgliteTemplate, registerUser, type TestIdentity } from './helpers';
import { createDraft, finalizeOptions } from './invoice-fixtures';
import { scratchDatabase } from '../../scripts/scratch-database.cjs';

const API_DIR = path.resolve(__dirname, '..');
const BASE_URL = process.env.TEST_DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The env of an api (and of its command-line entries) on PGlite in `dataDir`, or on `databaseUrl`. */
const envOf = (dataDir: string, databaseUrl?: string): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, MIGRATE_ON_START: 'false' } : {}),
});

/** Runs an api command-line entry (src/db/<name>-cli.ts) as `npm run <name>` does in a development checkout. */
function runCli(name: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/run.cjs', name, ...args], {
      cwd: API_DIR,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** An api on the database of `env` (a data dir of its own or PostgreSQL); closed after the file. */
async function apiOn(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig(env));
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

/** What the seller sees through the api: contact, licenses, the finalized invoice and its PDF. */
async function sellerView(app: FastifyInstance, seller: TestIdentity, invoiceId: string) {
  const get = (url: string) => app.inject({ url: `/api${url}`, headers: seller.headers });
  const contact = await get('/user/profile/contact');
  const licenses = await get('/license/all');
  const invoice = await get(`/invoice/${invoiceId}`);
  const pdf = await get(`/invoice/${invoiceId}/pdf`);
  expect([contact.statusCode, licenses.statusCode, invoice.statusCode, pdf.statusCode]).toEqual([200, 200, 200, 200]);
  return {
    contact: contact.json(),
    licenses: (licenses.json().items as { id: string }[]).map((l) => l.id),
    invoice: invoice.json(),
    pdfSha: crypto.createHash('sha256').update(pdf.rawPayload).digest('hex'),
  };
}

let seller: TestIdentity;
let invoiceId: string;
let before: Awaited<ReturnType<typeof sellerView>>;
const dump = path.join(root, 'portal.sql');

beforeAll(async () => {
  // The seller's data in an embedded database on disk, as `npm start` keeps it.
  const dataDir = path.join(root, 'original');
  const config = loadConfig(envOf(dataDir));
  const handle = await openDatabase({ ...config, pgliteTemplate: await pgliteTemplate() });
  const app = await buildApp(config, { db: handle });
  await app.ready();
  try {
    seller = await registerUser(app);
    await completeProfile(app, seller);
    const license = await app.inject({
      method: 'POST',
      url: '/api/license/product/free_or_trial?licenseProductID=fresh_desk-trial',
      headers: seller.headers,
    });
    expect(license.statusCode).toBe(201);
    invoiceId = await createDraft(app.db, seller);
    await finalizeInvoice(app.db, invoiceId, finalizeOptions());
    before = await sellerView(app, seller, invoiceId);
    expect(before.licenses).toHaveLength(1);
  } finally {
    await app.close();
    await handle.close();
  }

  const backup = await runCli('backup', [dump], envOf(dataDir));
  expect(backup).toEqual({ code: 0, output: expect.stringContaining(`written to ${dump}`) });
});

it('npm run backup writes a plain SQL dump of every table', () => {
  const text = fs.readFileSync(dump, 'utf8');
  expect(text).toContain('-- PostgreSQL database dump');
  expect(text).toContain(seller.email);
  expect(text).toContain('INSERT INTO drizzle.__drizzle_migrations');
  expect(text).not.toMatch(/^SET transaction_timeout/m);
  expect(text).not.toMatch(/OWNER TO/);
});

it('npm run restore loads it into a new embedded database; the seller sees the same data', async () => {
  const dataDir = path.join(root, 'restored');
  const restore = await runCli('restore', [dump], envOf(dataDir));
  expect(restore).toEqual({ code: 0, output: expect.stringMatching(/the database schema is at migration \d+/) });

  // Restored as it was, migrations included: an api that does not migrate at start serves it.
  const app = await apiOn({ ...envOf(dataDir), MIGRATE_ON_START: 'false' });
  expect(await sellerView(app, seller, invoiceId)).toEqual(before);
  await app.close();
});

it('restore refuses a database that is not empty, unless --force (which keeps the old data dir)', async () => {
  const dataDir = path.join(root, 'restored');
  const pgliteDir = path.join(dataDir, 'pglite');
  const refused = await restorePglite(pgliteDir, dump).catch((err: Error) => err);
  expect(refused).toBeInstanceOf(BackupError);
  expect((refused as Error).message).toMatch(/is not empty \(\d+ tables\).*--force/);
  const forced = await restorePglite(pgliteDir, dump, { force: true });
  expect(forced.movedAside).toMatch(/pglite\.before-restore-/);
  expect(fs.existsSync(path.join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
  expect(forced.state.missing).toEqual([]);
});

const itWithPostgres = BASE_URL ? it : it.skip;

itWithPostgres('psql loads the dump into PostgreSQL, where the api serves the same data', async () => {
  const database = await scratchDatabase(BASE_URL!, 'portal_restore');
  cleanups.push(database.drop);
  const url = new URL(database.url);

  const psql = spawnSync(
    'psql',
    ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', dump, url.toString()],
    { encoding: 'utf8' },
  );
  if (psql.error) {
    // No psql on this machine: the same file through the pg client (one simple query of all its statements).
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(fs.readFileSync(dump, 'utf8'));
    await client.end();
  } else {
    expect({ status: psql.status, stderr: psql.stderr }).toEqual({ status: 0, stderr: '' });
  }

  const app = await apiOn(envOf(path.join(root, 'postgres'), url.toString()));
  expect(await sellerView(app, seller, invoiceId)).toEqual(before);
});
