import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { eq, inArray, sql } from 'drizzle-orm';
import * as schema from '../src/db/schema';
import { finalizeInvoice } from '../src/modules/invoice/finalize';
import {
  completeProfile,
  createSubUser,
  createTestApp,
  firebaseUserExists,
  grantMobileLicense,
  registerUser,
  type TestApp,
} from './helpers';
import { createDraft, finalizeOptions } from './invoice-fixtures';

// Issue 14: deleting an account erases the person: profile, data source, sub-users and their logins, contact
// requests, GPSR drafts and files, licenses, PayPal credentials; invoices stay for their retention period,
// detached from the login. Every table of the database has a decision below; a new table without one fails.

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
  subscriptions: { kind: 'erased', via: 'FK cascade from users' },
  billing_events: { kind: 'erased', via: 'FK cascade from subscriptions' },
  contact_requests: { kind: 'erased', via: 'deleteAccount (the person and their sub-users)' },
  paypal_auth: { kind: 'erased', via: 'FK cascade from users' },
  gpsr_products: { kind: 'erased', via: 'FK cascade from users (drafts)' },
  gpsr_files: { kind: 'erased', via: 'FK cascade from users' },
  gpsr_versions: { kind: 'erased', via: 'FK cascade from users' },
  gpsr_version_files: { kind: 'erased', via: 'FK cascade from gpsr_versions' },
  invoices: { kind: 'detached', column: 'user_id', why: 'retention (§147 AO): buyer snapshot stays, login goes' },
  invoice_documents: { kind: 'detached', column: '-', why: 'the stored PDF of a retained invoice' },
  payments: { kind: 'detached', column: '-', why: 'belongs to a retained invoice (no user column)' },
  payment_events: { kind: 'detached', column: '-', why: 'provider events of a retained invoice' },
  post_payment_steps: { kind: 'detached', column: '-', why: 'steps of a retained invoice' },
  avv_versions: { kind: 'staff record', why: 'AVV texts with the email and id of the staff member who published' },
  registry_entries: {
    kind: 'staff record',
    why: 'plugin registry staff edit (email of the last editor; a sellers audience lists emails staff entered)',
  },
  registry_audit: { kind: 'staff record', why: 'who of the staff changed the registry or published an AVV, when' },
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

it('DELETE /api/user erases profile, data source, sub-users and their logins, contact requests and GPSR drafts; invoices stay detached', async () => {
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
  // A GPSR draft with an uploaded file.
  const [product] = await t.app.db
    .insert(schema.gpsrProducts)
    .values({ userId: a.uid, name: `${mark} Kettle`, riskQuestions: [{ topicId: 't1', textarea: mark }] })
    .returning();
  await t.app.db.insert(schema.gpsrFiles).values({
    name: `${mark}.png`,
    userId: a.uid,
    productId: product.id,
    originalName: `${mark}.png`,
    mimeType: 'image/png',
    size: 68,
  });
  // A numbered (paid) invoice and a draft.
  const paid = await createDraft(t.app.db, a);
  const { invoiceNumber } = await finalizeInvoice(t.app.db, paid, finalizeOptions());
  const draft = await createDraft(t.app.db, a);

  const before = await referencing([a.uid, sub.uid]);
  expect(Object.keys(before).sort()).toEqual(
    expect.arrayContaining([
      'contact_requests.user_id',
      'data_sources.user_id',
      'gpsr_files.user_id',
      'gpsr_products.user_id',
      'invoices.user_id',
      'licenses.user_id',
      'paypal_auth.user_id',
      'profiles.user_id',
      'users.parent_user_id',
    ]),
  );
  expect(await tablesMentioning(mark)).toEqual(
    expect.arrayContaining(['contact_requests', 'data_sources', 'gpsr_files', 'gpsr_products', 'profiles', 'users']),
  );
  expect(await firebaseUserExists(sub.uid)).toBe(true);

  const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: a.headers });
  expect(res.statusCode).toBe(204);

  // No row names the person or the sub-user any more; both logins are gone.
  expect(await referencing([a.uid, sub.uid])).toEqual({});
  expect(await firebaseUserExists(a.uid)).toBe(false);
  expect(await firebaseUserExists(sub.uid)).toBe(false);
  const users = await t.app.db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.id, [a.uid, sub.uid]));
  expect(users).toEqual([]);

  // What remains of the person: only the retained invoices (their buyer snapshot) and the invoice's PDF.
  const remaining = await tablesMentioning(mark);
  const allowed = Object.entries(DECISIONS)
    .filter(([, d]) => d.kind === 'detached')
    .map(([name]) => name);
  expect(remaining.filter((name) => !allowed.includes(name))).toEqual([]);

  const kept = await t.app.db
    .select()
    .from(schema.invoices)
    .where(inArray(schema.invoices.id, [paid, draft]));
  expect(kept).toHaveLength(2);
  for (const invoice of kept) expect(invoice.userId).toBeNull();
  expect(kept.find((i) => i.id === paid)).toMatchObject({ invoiceNumber, status: 'Paid' });
  const documents = await t.app.db
    .select({ id: schema.invoiceDocuments.invoiceId })
    .from(schema.invoiceDocuments)
    .where(eq(schema.invoiceDocuments.invoiceId, paid));
  expect(documents).toHaveLength(1);
});
