import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as schema from '../src/db/schema';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import { PaymentProviderError } from '../src/modules/payment/provider';
import {
  completeProfile,
  createSubUser,
  createTestApp,
  emulatorPost,
  firebaseUserExists,
  grantMobileLicense,
  registerUser,
  signIn,
  type TestApp,
  type TestIdentity,
} from './helpers';
import { createDraft, DE_BUYER, finalizeOptions } from './invoice-fixtures';
import { grantGpsrLicense, PNG, point, uploadGpsrFiles } from './gpsr/gpsr-fixtures';

// Deleting an account erases the person: profile, data source, sub-users and their logins, contact requests, GPSR
// drafts and files, licenses, subscriptions (cancelled at the payment provider first), PayPal credentials, draft
// invoices. What the law keeps stays, detached from the login: issued invoices (with their documents and payments)
// and released GPSR versions with their files. Every table of the database has a decision below; a new table without
// one fails. A deletion that fails at any step leaves the account usable.

type Decision =
  /** Rows of the person are deleted with the account. */
  | { kind: 'erased'; via: string }
  /** Rows stay (legal retention) with the person's login reference set NULL. */
  | { kind: 'detached'; column: string; why: string }
  /** Rows name the person (a counter key) but are deleted by time, within a day at most. */
  | { kind: 'expires'; why: string }
  /** A record of what staff did (who published what); a seller's account deletion does not touch it. */
  | { kind: 'staff record'; why: string }
  /** The table holds nothing of a person. */
  | { kind: 'no personal data'; why: string };

/**
 * One decision per table of the database. Adding a table? Decide here what deleting an account does to it (and
 * make `deleteAccount` or the foreign keys do it): the test below fails until the new table is listed.
 */
const DECISIONS: Record<string, Decision> = {
  users: { kind: 'erased', via: 'deleteAccount (account and its sub-users)' },
  profiles: { kind: 'erased', via: 'FK cascade from users' },
  avv_acceptances: { kind: 'erased', via: 'FK cascade from users' },
  data_sources: { kind: 'erased', via: 'FK cascade from users' },
  licenses: { kind: 'erased', via: 'FK cascade from users' },
  license_usage: { kind: 'erased', via: 'FK cascade from licenses' },
  subscriptions: { kind: 'erased', via: 'FK cascade from users, after deleteAccount cancelled them at the provider' },
  billing_events: { kind: 'erased', via: 'FK cascade from subscriptions' },
  contact_requests: { kind: 'erased', via: 'deleteAccount (the person and their sub-users)' },
  paypal_auth: { kind: 'erased', via: 'FK cascade from users' },
  gpsr_products: { kind: 'erased', via: 'FK cascade from users (drafts)' },
  gpsr_versions: {
    kind: 'detached',
    column: 'user_id',
    why: 'released documentation kept 10 years (Art. 9(3) GPSR); versions past retention are erased',
  },
  gpsr_files: {
    kind: 'detached',
    column: 'user_id',
    why: 'files a retained version needs (bytes moved out of the account folder); deleteAccount erases the rest',
  },
  gpsr_version_files: { kind: 'detached', column: '-', why: 'which files a retained version needs' },
  invoices: {
    kind: 'detached',
    column: 'user_id',
    why: 'retention (§147 AO): buyer snapshot stays, login goes; drafts without received money are erased',
  },
  invoice_documents: { kind: 'detached', column: '-', why: 'the stored PDF of a retained invoice' },
  payments: { kind: 'detached', column: '-', why: 'belongs to a retained invoice (no user column)' },
  payment_events: {
    kind: 'detached',
    column: '-',
    why: 'provider events of a retained invoice (the events of an erased draft go with it)',
  },
  post_payment_steps: { kind: 'detached', column: '-', why: 'steps of a retained invoice' },
  avv_versions: { kind: 'staff record', why: 'AVV texts with the email and id of the staff member who published' },
  registry_entries: {
    kind: 'staff record',
    why: 'plugin registry staff edit (email of the last editor; a sellers audience lists emails staff entered)',
  },
  registry_audit: { kind: 'staff record', why: 'who of the staff changed the registry or published an AVV, when' },
  registry_releases: {
    kind: 'staff record',
    why: 'the releases staff added to a remote (and the email of who added it)',
  },
  rate_limit_counters: {
    kind: 'expires',
    why: 'rate-limit counters keyed by user id or address, swept after their window',
  },
  invoice_counters: { kind: 'no personal data', why: 'number series counters' },
  products: { kind: 'no personal data', why: 'catalogue' },
  job_runs: { kind: 'no personal data', why: 'job leases' },
  app_meta: { kind: 'no personal data', why: 'seed markers' },
  __drizzle_migrations: { kind: 'no personal data', why: 'applied migrations' },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const schemaTables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every table in the database (any schema but the system ones), also tables a migration made outside schema.ts. */
async function databaseTables(): Promise<string[]> {
  const result = await t.app.db.execute(
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
  );
  return rowsOf<{ table_name: string }>(result)
    .map((r) => r.table_name)
    .sort();
}

/** Rows of any table whose user_id / parent_user_id names one of `ids`. */
async function referencing(ids: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of schemaTables) {
    const { name, columns } = getTableConfig(table);
    for (const column of columns.filter((c) => c.name === 'user_id' || c.name === 'parent_user_id')) {
      const rows = await t.app.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE ${sql.identifier(column.name)} IN ${ids}`,
      );
      const n = Number(rowsOf<{ n: number }>(rows)[0].n);
      if (n) out[`${name}.${column.name}`] = n;
    }
  }
  return out;
}

/** Tables in which any text column contains `needle` (name, email, street … of the deleted person). */
async function tablesMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of schemaTables) {
    const { name, columns } = getTableConfig(table);
    const texts = columns.filter((c) => ['string', 'json'].includes(c.dataType));
    if (!texts.length) continue;
    const where = sql.join(
      texts.map((c) => sql`${sql.identifier(c.name)}::text LIKE ${`%${needle}%`}`),
      sql` OR `,
    );
    const rows = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE ${where}`);
    if (Number(rowsOf<{ n: number }>(rows)[0].n)) found.push(name);
  }
  return found.sort();
}

it('every table of the database has an erasure decision (a new table must be added to DECISIONS)', async () => {
  const tables = await databaseTables();
  const undecided = tables.filter((name) => !(name in DECISIONS));
  const gone = Object.keys(DECISIONS).filter((name) => !tables.includes(name));
  expect({ undecided, gone }).toEqual({ undecided: [], gone: [] });
  // schema.ts and the database agree (a table only in the database would escape the row checks below).
  expect(schemaTables.map((tb) => getTableConfig(tb).name).sort()).toEqual(
    tables.filter((name) => name !== '__drizzle_migrations'),
  );
});

afterEach(() => jest.restoreAllMocks());

const storageRoot = () => path.join(t.dataDir, 'files');
/** Stored bytes of a storage key (disk storage of the test app), null when there are none. */
const stored = (key: string) => {
  const file = path.join(storageRoot(), key);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
};

async function uploadGpsrFile(who: TestIdentity, filename: string): Promise<{ name: string; originalName: string }> {
  const res = await uploadGpsrFiles(t.app, who, [
    ...point(),
    { name: 'files', filename, content: PNG, type: 'image/png' },
  ]);
  expect(res.statusCode).toBe(200);
  return res.json().files[0];
}

interface Seller {
  a: TestIdentity;
  sub: TestIdentity;
  mark: string;
  /** A finalized (paid) invoice issued for the mobile license. */
  paid: string;
  invoiceNumber: string;
  /** An unpaid draft with an abandoned checkout and a provider event about it. */
  draft: string;
  draftEventId: string;
  /** A live subscription with a PayPal reference. */
  subscriptionId: string;
  providerRef: string;
  /** A product released as version 1 with `releasedFile`; `looseFile` was uploaded and never saved. */
  versionId: string;
  releasedFile: string;
  looseFile: string;
}

/** A seller who has paid: profile, licenses, sub-user, PayPal data, invoices, a subscription, GPSR work. */
async function sellerWhoHasPaid(): Promise<Seller> {
  const a = await registerUser(t.app);
  const mark = `erase${a.uid.slice(0, 10)}`;
  await completeProfile(t.app, a, {
    firstName: 'Erika',
    lastName: mark,
    companyName: `${mark} GmbH`,
    country: 'DE',
    city: 'Hamburg',
    street: `${mark}straße`,
    houseNumber: '7',
    postalCode: '20457',
    invoiceEmail: '',
    vatID: 'DE123456788',
  });
  await grantMobileLicense(t.app, a.uid, 3);
  await grantGpsrLicense(t.app, a.uid);
  const sub = await createSubUser(t.app, a, `Sub ${mark}`);
  // Data source and PayPal credentials.
  await t.app.db.insert(schema.dataSources).values({
    userId: a.uid,
    engine: 'postgres',
    host: `${mark}.db.example`,
    port: 5432,
    database: `${mark}db`,
    dbUser: `${mark}user`,
    passwordEncrypted: t.app.crypto.encrypt(`pw${mark}`),
    userEmails: [a.email],
  });
  await t.app.db.insert(schema.paypalAuth).values({
    userId: a.uid,
    email: `${mark}@pay.example`,
    clientId: `client${mark}`,
    mode: 'sandbox',
    secretEncrypted: t.app.crypto.encrypt(`secret${mark}`),
  });
  // Contact requests of the person and of the sub-user.
  for (const who of [a, sub]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-us',
      headers: who.headers,
      payload: { name: 'Erika', phone: '4940123456', email: who.email, message: `${mark} message` },
    });
    expect(res.statusCode).toBe(201);
  }
  // GPSR: a product released as version 1 with a file, and a file uploaded but never saved with a product.
  const released = await uploadGpsrFile(a, `${mark}-label.png`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/gpsr/product/create',
    headers: a.headers,
    payload: {
      name: `${mark} Kettle`,
      riskQuestions: [{ topicId: 't1', questionId: 'q1', pointId: 'p1', textarea: mark, files: [released] }],
    },
  });
  expect(created.statusCode).toBe(201);
  const release = await t.app.inject({
    method: 'POST',
    url: `/api/gpsr/product/${created.json().id}/release`,
    headers: a.headers,
  });
  expect(release.statusCode).toBe(201);
  const [version] = await t.app.db.select().from(schema.gpsrVersions).where(eq(schema.gpsrVersions.userId, a.uid));
  const loose = await uploadGpsrFile(a, `${mark}-draft.png`);
  // A numbered (paid) invoice for the mobile license, and that license's subscription at PayPal.
  const [license] = await t.app.db
    .select()
    .from(schema.licenses)
    .where(and(eq(schema.licenses.userId, a.uid), sql`${schema.licenses.key} LIKE 'KEY-%'`));
  const paid = await createDraft(t.app.db, a);
  const { invoiceNumber } = await finalizeInvoice(t.app.db, paid, { ...finalizeOptions(), licenseId: license.id });
  const providerRef = `I-${a.uid.slice(0, 12).toUpperCase()}`;
  const [subscription] = await t.app.db
    .insert(schema.subscriptions)
    .values({
      userId: a.uid,
      licenseId: license.id,
      status: 'Active',
      providerRef,
      periodUnit: 'month',
      currentPeriodEnd: new Date(Date.now() + 30 * 86400_000),
    })
    .returning();
  // An unpaid draft whose checkout was abandoned; the provider told us about it.
  const draft = await createDraft(t.app.db, a);
  const [payment] = await t.app.db
    .insert(schema.payments)
    .values({ invoiceId: draft, provider: 'sandbox', providerRef: `ref-${mark}`, status: 'Failed', amountCents: 100 })
    .returning();
  const [event] = await t.app.db
    .insert(schema.paymentEvents)
    .values({
      provider: 'sandbox',
      eventId: `evt-${mark}`,
      type: 'PAYMENT.CANCELLED',
      paymentId: payment.id,
      outcome: 'processed',
      payload: { payer: `${mark}@payer.example` },
    })
    .returning();
  return {
    a,
    sub,
    mark,
    paid,
    invoiceNumber,
    draft,
    draftEventId: event.id,
    subscriptionId: subscription.id,
    providerRef,
    versionId: version.id,
    releasedFile: released.name,
    looseFile: loose.name,
  };
}

const deleteAccount = (who: TestIdentity) => t.app.inject({ method: 'DELETE', url: '/api/user', headers: who.headers });

/** The seller's subscription row as it is now. */
const subscriptionOf = async (s: Seller) =>
  (await t.app.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, s.subscriptionId)))[0];

/** Records the provider's cancellations (the sandbox has nothing to call; this stands in for PayPal). */
function recordCancellations(): [string, string][] {
  const calls: [string, string][] = [];
  jest.spyOn(t.app.paymentProvider, 'cancelSubscription').mockImplementation(async (ref, reason) => {
    calls.push([ref, reason]);
  });
  return calls;
}

/**
 * After a failed deletion the account works as before: the seller signs in again and reads the profile, every
 * sub-user it lists can sign in, and its records are where they were, still its own.
 */
async function expectUsable(s: Seller) {
  const token = await signIn(s.a.email, s.a.password);
  const headers = { authorization: `Bearer ${token}` };
  const profile = await t.app.inject({ url: '/api/user/profile/contact', headers });
  expect(profile.statusCode).toBe(200);
  expect(profile.json()).toMatchObject({ lastName: s.mark });
  const listed = (await t.app.inject({ url: '/api/user/subusers', headers })).json() as { email: string }[];
  for (const sub of listed.filter((l) => l.email === s.sub.email)) {
    await expect(signIn(sub.email, s.sub.password)).resolves.toEqual(expect.any(String));
  }
  const [paid] = await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.id, s.paid));
  expect(paid).toMatchObject({ userId: s.a.uid, licenseId: expect.any(String) });
  expect(await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.id, s.draft))).toHaveLength(1);
  const [version] = await t.app.db.select().from(schema.gpsrVersions).where(eq(schema.gpsrVersions.id, s.versionId));
  expect(version.userId).toBe(s.a.uid);
  const files = await t.app.db
    .select()
    .from(schema.gpsrFiles)
    .where(inArray(schema.gpsrFiles.name, [s.releasedFile, s.looseFile]));
  expect(files.map((f) => f.userId)).toEqual([s.a.uid, s.a.uid]);
  expect(stored(`gpsr/${s.a.uid}/${s.releasedFile}`)).toEqual(PNG);
  expect(stored(`gpsr/${s.a.uid}/${s.looseFile}`)).toEqual(PNG);
  expect(stored(`gpsr-retained/files/${s.releasedFile}`)).toBeNull();
  const gpsr = await t.app.inject({ url: '/api/gpsr/products', headers });
  expect(gpsr.statusCode).toBe(200);
}

it('DELETE /api/user of a seller who has paid: subscriptions cancelled at the provider, the person erased, issued invoices and released GPSR versions kept detached', async () => {
  const s = await sellerWhoHasPaid();
  const { a, sub, mark } = s;
  const before = await referencing([a.uid, sub.uid]);
  expect(Object.keys(before).sort()).toEqual(
    expect.arrayContaining([
      'contact_requests.user_id',
      'data_sources.user_id',
      'gpsr_files.user_id',
      'gpsr_products.user_id',
      'gpsr_versions.user_id',
      'invoices.user_id',
      'licenses.user_id',
      'paypal_auth.user_id',
      'profiles.user_id',
      'subscriptions.user_id',
      'users.parent_user_id',
    ]),
  );
  expect(await tablesMentioning(mark)).toEqual(
    expect.arrayContaining(['contact_requests', 'data_sources', 'gpsr_files', 'gpsr_products', 'profiles', 'users']),
  );
  expect(await firebaseUserExists(sub.uid)).toBe(true);
  const cancellations = recordCancellations();

  const res = await deleteAccount(a);
  expect(res.statusCode).toBe(204);

  // The subscription was cancelled at the provider, once.
  expect(cancellations).toEqual([[s.providerRef, expect.stringMatching(/deleted/)]]);
  // No row names the person or the sub-user any more; both logins are gone.
  expect(await referencing([a.uid, sub.uid])).toEqual({});
  expect(await firebaseUserExists(a.uid)).toBe(false);
  expect(await firebaseUserExists(sub.uid)).toBe(false);
  const users = await t.app.db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.id, [a.uid, sub.uid]));
  expect(users).toEqual([]);

  // What remains of the person: only what the law keeps (issued invoices, released GPSR documentation).
  const remaining = await tablesMentioning(mark);
  const allowed = Object.entries(DECISIONS)
    .filter(([, d]) => d.kind === 'detached')
    .map(([name]) => name);
  expect(remaining.filter((name) => !allowed.includes(name))).toEqual([]);

  // The issued invoice stays as issued, without login and license; its document stays. The draft went, with its
  // payment and the provider's event about it.
  const kept = await t.app.db
    .select()
    .from(schema.invoices)
    .where(inArray(schema.invoices.id, [s.paid, s.draft]));
  expect(kept).toEqual([
    expect.objectContaining({
      id: s.paid,
      invoiceNumber: s.invoiceNumber,
      status: 'Paid',
      userId: null,
      licenseId: null,
      userEmail: a.email,
      buyer: expect.objectContaining({ lastName: 'Mustermann', city: 'Hamburg' }),
    }),
  ]);
  const documents = await t.app.db
    .select({ id: schema.invoiceDocuments.invoiceId })
    .from(schema.invoiceDocuments)
    .where(eq(schema.invoiceDocuments.invoiceId, s.paid));
  expect(documents).toHaveLength(1);
  expect(await t.app.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.id, s.draftEventId))).toEqual(
    [],
  );

  // The released version and its file stay until the retention date, detached; their bytes left the account's
  // storage folder. The file no version needed is gone, row and bytes.
  const [version] = await t.app.db.select().from(schema.gpsrVersions).where(eq(schema.gpsrVersions.id, s.versionId));
  expect(version).toMatchObject({ userId: null, productId: null, productName: `${mark} Kettle` });
  expect(version.retentionUntil.getUTCFullYear()).toBe(version.releasedAt.getUTCFullYear() + 10);
  const files = await t.app.db
    .select()
    .from(schema.gpsrFiles)
    .where(inArray(schema.gpsrFiles.name, [s.releasedFile, s.looseFile]));
  expect(files).toEqual([expect.objectContaining({ name: s.releasedFile, userId: null })]);
  expect(
    await t.app.db.select().from(schema.gpsrVersionFiles).where(eq(schema.gpsrVersionFiles.versionId, s.versionId)),
  ).toEqual([{ versionId: s.versionId, fileName: s.releasedFile }]);
  expect(stored(`gpsr-retained/files/${s.releasedFile}`)).toEqual(PNG);
  const folder = path.join(storageRoot(), 'gpsr', a.uid);
  expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
});

it('a subscription the payment provider cannot cancel stops the deletion: 502 payment-provider-error, nothing changed', async () => {
  const s = await sellerWhoHasPaid();
  const cancel = jest
    .spyOn(t.app.paymentProvider, 'cancelSubscription')
    .mockRejectedValue(new PaymentProviderError('PayPal answered 503'));

  const res = await deleteAccount(s.a);
  expect(res.statusCode).toBe(502);
  expect(res.json()).toEqual({ slug: 'payment-provider-error', message: expect.stringMatching(/not deleted/) });
  expect(cancel).toHaveBeenCalledWith(s.providerRef, expect.any(String));

  await expectUsable(s);
  expect(await subscriptionOf(s)).toMatchObject({ status: 'Active', cancelAtPeriodEnd: false });
});

it('a login the identity service cannot delete rolls the deletion back: 502 identity-service-error, the account stays usable', async () => {
  const s = await sellerWhoHasPaid();
  const cancellations = recordCancellations();
  const auth = t.app.firebaseAuth;
  const deleteUser = auth.deleteUser.bind(auth);
  jest.spyOn(auth, 'deleteUser').mockImplementation(async (uid) => {
    if (uid === s.a.uid)
      throw Object.assign(new Error('identity service unavailable'), { code: 'auth/internal-error' });
    return deleteUser(uid);
  });

  const res = await deleteAccount(s.a);
  expect(res.statusCode).toBe(502);
  expect(res.json()).toEqual({ slug: 'identity-service-error', message: expect.stringMatching(/not deleted/) });

  await expectUsable(s);
  // The provider's cancellation cannot be undone, so the database says so: the subscription ends with its period.
  expect(cancellations).toHaveLength(1);
  expect(await subscriptionOf(s)).toMatchObject({ status: 'Active', cancelAtPeriodEnd: true });
});

it('a step inside the deletion that fails (keeping the GPSR files) rolls it back and re-enables the logins', async () => {
  const s = await sellerWhoHasPaid();
  recordCancellations();
  jest.spyOn(t.app.fileStorage, 'put').mockRejectedValue(new Error('disk full'));

  const res = await deleteAccount(s.a);
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ slug: 'internal-error', message: expect.stringMatching(/not deleted/) });

  await expectUsable(s);
  const listed = (await t.app.inject({ url: '/api/user/subusers', headers: s.a.headers })).json();
  expect(listed).toEqual([expect.objectContaining({ email: s.sub.email })]);
  expect(await firebaseUserExists(s.sub.uid)).toBe(true);
});

it('the same email registers again after the deletion and the new account sees none of the old data', async () => {
  const s = await sellerWhoHasPaid();
  recordCancellations();
  expect((await deleteAccount(s.a)).statusCode).toBe(204);

  const signUp = await emulatorPost<{ idToken?: string; localId?: string }>('accounts:signUp', {
    email: s.a.email,
    password: s.a.password,
    returnSecureToken: true,
  });
  expect(signUp.status).toBe(200);
  const uid = signUp.body.localId!;
  expect(uid).not.toBe(s.a.uid);
  const headers = { authorization: `Bearer ${signUp.body.idToken}` };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers,
    payload: { Id: uid, Email: s.a.email },
  });
  expect(created.statusCode).toBe(201);

  expect((await t.app.inject({ url: '/api/user/profile/contact', headers })).json()).toMatchObject({ lastName: '' });
  expect((await t.app.inject({ url: '/api/invoice/count', headers })).json()).toEqual({ total: 0 });
  expect((await t.app.inject({ url: '/api/user/subusers', headers })).json()).toEqual([]);
  expect(await referencing([uid])).toEqual({ 'profiles.user_id': 1 });
});

it('released GPSR versions past their retention date go with the account, with the files only they needed', async () => {
  const s = await sellerWhoHasPaid();
  recordCancellations();
  await t.app.db
    .update(schema.gpsrVersions)
    .set({ retentionUntil: new Date(Date.now() - 1000) })
    .where(eq(schema.gpsrVersions.id, s.versionId));

  expect((await deleteAccount(s.a)).statusCode).toBe(204);

  expect(await t.app.db.select().from(schema.gpsrVersions).where(eq(schema.gpsrVersions.id, s.versionId))).toEqual([]);
  expect(
    await t.app.db
      .select()
      .from(schema.gpsrFiles)
      .where(inArray(schema.gpsrFiles.name, [s.releasedFile, s.looseFile])),
  ).toEqual([]);
  expect(stored(`gpsr/${s.a.uid}/${s.releasedFile}`)).toBeNull();
  expect(stored(`gpsr-retained/files/${s.releasedFile}`)).toBeNull();
});

it('a finalized invoice lets go of its login and its license (the FK actions of a deletion), nothing else', async () => {
  const owner = await registerUser(t.app);
  await grantMobileLicense(t.app, owner.uid, 1);
  await grantMobileLicense(t.app, owner.uid, 2);
  const [license, other] = await t.app.db.select().from(schema.licenses).where(eq(schema.licenses.userId, owner.uid));
  const id = await createDraft(t.app.db, owner);
  await finalizeInvoice(t.app.db, id, { ...finalizeOptions(), licenseId: license.id });
  const update = (set: Partial<typeof schema.invoices.$inferInsert>) =>
    t.app.db.update(schema.invoices).set(set).where(eq(schema.invoices.id, id));

  await expect(update({ licenseId: other.id })).rejects.toThrow();
  await expect(update({ licenseId: null, amount: 1 })).rejects.toThrow();
  await expect(update({ updatedAt: new Date() })).rejects.toThrow();
  await update({ licenseId: null, updatedAt: new Date() });
  await expect(update({ licenseId: license.id })).rejects.toThrow();
  await expect(update({ userId: null, buyer: { ...DE_BUYER, lastName: 'Changed' } })).rejects.toThrow();
  await update({ userId: null });
  await expect(update({ userId: owner.uid })).rejects.toThrow();
  const [row] = await t.app.db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
  expect(row).toMatchObject({ userId: null, licenseId: null, buyer: DE_BUYER });
});

it('a subscription bought while the deletion runs is cancelled at the provider too', async () => {
  const s = await sellerWhoHasPaid();
  const [gpsrLicense] = await t.app.db
    .select()
    .from(schema.licenses)
    .where(and(eq(schema.licenses.userId, s.a.uid), sql`${schema.licenses.key} LIKE 'GPSR-%'`));
  const calls: string[] = [];
  jest.spyOn(t.app.paymentProvider, 'cancelSubscription').mockImplementation(async (ref) => {
    calls.push(ref);
    // A purchase completes right after the deletion listed the subscriptions.
    if (calls.length === 1) {
      await t.app.db
        .insert(schema.subscriptions)
        .values({ userId: s.a.uid, licenseId: gpsrLicense.id, status: 'Active', providerRef: 'I-BOUGHTMEANWHILE' });
    }
  });

  expect((await deleteAccount(s.a)).statusCode).toBe(204);
  expect(calls).toEqual([s.providerRef, 'I-BOUGHTMEANWHILE']);
  expect(await referencing([s.a.uid])).toEqual({});
});
