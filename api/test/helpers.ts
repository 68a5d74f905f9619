import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { scratchDatabase } from '../../scripts/scratch-database.cjs';
import { SELLER_CONTACT } from '../../scripts/seller-contact.cjs';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { MIGRATIONS_DIR, openDatabase, type DbHandle } from '../src/db/client';
import { licenses, products, registryEntries, users } from '../src/db/schema';
import { createUserRow } from '../src/modules/user/service';
import { EMULATOR_HOST, PROJECT_ID, testConfig } from './test-config';

export { EMULATOR_HOST, PROJECT_ID, testConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  /** The PostgreSQL database of this app (a second client or app can open it); null on PGlite. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * A migrated, empty PGlite data dir, dumped once per migration set into the temp folder: starting
 * from it skips PGlite's initdb, which takes seconds per test file.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), `portal-api-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const pg = new PGlite();
    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Fresh database: PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function freshDatabase(): Promise<{ handle: DbHandle; url: string | null; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({
      databaseUrl: null,
      pgliteDir: 'memory://',
      pgliteTemplate: await pgliteTemplate(),
    });
    return { handle, url: null, drop: async () => handle.close() };
  }
  const database = await scratchDatabase(baseUrl, 'portal_test');
  const handle = await openDatabase({ databaseUrl: database.url, pgliteDir: '' });
  return {
    handle,
    url: database.url,
    drop: async () => {
      await handle.close().catch(() => undefined); // a test may have closed it already
      await database.drop();
    },
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-test-'));
  const config = testConfig(dataDir, {
    // The VIES simulator of the test run (global-setup.cjs); never the real VIES.
    VIES_URL: process.env.VIES_URL,
    ...env,
  });
  const db = await freshDatabase();
  const app = await buildApp(config, { db: db.handle });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    databaseUrl: db.url,
    close: async () => {
      await app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens every registry card to all accounts, so that any seller may buy any plugin (the default registry offers GPSR,
 * Lieferbar and Content Master to staff only): for tests about buying itself, not about who may buy.
 */
export async function offerEveryPlugin(app: FastifyInstance): Promise<void> {
  await app.db.update(registryEntries).set({ audience: { kind: 'all' } });
}

function adminAuth() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
  const existing = getApps().find((a) => a.name === 'test-helper');
  return getAuth(
    existing ??
      initializeApp({ projectId: PROJECT_ID, httpAgent: new http.Agent({ keepAlive: false }) }, 'test-helper'),
  );
}

/**
 * Starts `app` listening on a free port of 127.0.0.1, for tests that need real HTTP (the sandbox's and the
 * simulator's webhooks, a browser's redirects); resolves with its base URL.
 */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A port nothing listens on at the moment (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@test.portal`;
}

/**
 * POST to the emulator's REST API (identitytoolkit), as the web SDK would. Uses node:http without
 * keep-alive so no socket outlives the test file.
 */
export function emulatorPost<T>(endpoint: string, body: unknown): Promise<{ status: number; body: T }> {
  const payload = JSON.stringify(body);
  const [host, port] = EMULATOR_HOST.split(':');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host,
        port: Number(port),
        method: 'POST',
        path: `/identitytoolkit.googleapis.com/v1/${endpoint}?key=demo-api-key`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          connection: 'close',
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) as T });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** ID token from the emulator's REST sign-in. */
export async function signIn(email: string, password: string): Promise<string> {
  const res = await emulatorPost<{ idToken?: string; error?: { message: string } }>('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  if (res.status !== 200 || !res.body.idToken)
    throw new Error(`emulator sign-in failed: ${res.body.error?.message ?? res.status}`);
  return res.body.idToken;
}

export interface TestIdentity {
  uid: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

/** A real emulator account and its ID token (no api row). */
export async function createFirebaseUser(
  opts: { email?: string; emailVerified?: boolean } = {},
): Promise<TestIdentity> {
  const email = opts.email ?? uniqueEmail();
  const password = `pw-${crypto.randomBytes(6).toString('hex')}`;
  const user = await adminAuth().createUser({ email, password, emailVerified: opts.emailVerified ?? true });
  const token = await signIn(email, password);
  return { uid: user.uid, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

export async function firebaseUserExists(uid: string): Promise<boolean> {
  try {
    await adminAuth().getUser(uid);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') return false;
    throw err;
  }
}

/** Emulator account + api row through POST /api/user; `email` picks the address (an internal one, for staff). */
export async function registerUser(
  app: FastifyInstance,
  opts: { email?: string; emailVerified?: boolean } = {},
): Promise<TestIdentity> {
  const identity = await createFirebaseUser(opts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: identity.headers,
    payload: { Id: identity.uid, Email: identity.email },
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/user failed: ${res.statusCode} ${res.body}`);
  return identity;
}

/** A sub-user of `parent` that can sign in (emulator account + row with parent_user_id). */
export async function createSubUser(
  app: FastifyInstance,
  parent: TestIdentity,
  name = 'Sub User',
): Promise<TestIdentity> {
  const identity = await createFirebaseUser();
  await createUserRow(app.db, { id: identity.uid, email: identity.email, parentUserId: parent.uid, name });
  return identity;
}

export const COMPLETE_CONTACT = SELLER_CONTACT;

export async function completeProfile(app: FastifyInstance, user: TestIdentity, contact = COMPLETE_CONTACT) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/profile/contact',
    headers: user.headers,
    payload: contact,
  });
  if (res.statusCode !== 200) throw new Error(`PUT contact failed: ${res.statusCode} ${res.body}`);
}

/**
 * Gives `userId` an active mobile license of a plan allowing `maxUsers` sub-users, bought with `extraUsers` extra
 * users (catalogue rows written directly).
 */
export async function grantMobileLicense(
  app: FastifyInstance,
  userId: string,
  maxUsers: number,
  opts: { expiresAt?: Date | null; status?: 'active' | 'inactive'; extraUsers?: number } = {},
) {
  const productId = `test-mobile-${crypto.randomBytes(4).toString('hex')}`;
  await app.db.insert(products).values({
    id: productId,
    name: 'Mobile Basic',
    pluginName: 'mobile',
    tier: 'Basic',
    priceAmount: 990,
    licenseType: 'subscription',
    durationUnit: 'month',
    duration: 1,
    extraOptions: { max_users: maxUsers },
  });
  await app.db.insert(licenses).values({
    userId,
    productId,
    key: `KEY-${crypto.randomBytes(8).toString('hex')}`,
    status: opts.status ?? 'active',
    expiresAt: opts.expiresAt === undefined ? new Date(Date.now() + 30 * 86400_000) : opts.expiresAt,
    extraOptions: opts.extraUsers ? { extra_users_count: opts.extraUsers } : {},
  });
}

/** The rate limit's answer: 429 too-many-requests, with a Retry-After within the one-minute window. */
export function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    slug: 'too-many-requests',
    message: expect.stringMatching(/^Too many requests\. Please try again in \d+/),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

export { users };
