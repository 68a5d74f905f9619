// Shared steps of the purchase and payment tests: a buyer with a complete profile, a bought product, signed
// sandbox events and the counts that must not grow on a replay.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { quotePurchase, type PurchaseQuote } from '@portal/shared/domain';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices, licenses, paymentEvents, payments, subscriptions } from '../../src/db/schema';
import { issueLicense } from '../../src/modules/license/activation';
import { findProduct, toProduct } from '../../src/modules/license/product';
import { signSandboxBody, type SandboxEventBody } from '../../src/modules/payment/sandbox-provider';
import {
  COMPLETE_CONTACT,
  completeProfile,
  createTestApp,
  offerEveryPlugin,
  registerUser,
  type TestApp,
  type TestIdentity,
} from '../helpers';

export const SANDBOX_SECRET = 'test-sandbox-secret-'.padEnd(64, 'x');

/**
 * A running monthly subscription of `productId` for `seller`, written straight into its rows (license, subscription)
 * without a purchase: for tests of what happens to a subscription while it runs (usage, overage, month end).
 * `extraOptions` go onto the license (e.g. auto_upgrade_consent).
 */
export async function activeSubscription(
  app: FastifyInstance,
  seller: TestIdentity,
  productId: string,
  extraOptions: Record<string, unknown>,
) {
  const product = await findProduct(app.db, productId);
  const license = await issueLicense(app.db, { userId: seller.uid, email: seller.email }, product!, { extraOptions });
  const [sub] = await app.db
    .insert(subscriptions)
    .values({ userId: seller.uid, licenseId: license.id, status: 'Active', periodUnit: 'month' })
    .returning();
  return { license, sub };
}

/** The purchase tests' app: the sandbox provider signs with SANDBOX_SECRET and every plugin is offered to everybody. */
export async function createShopApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, ...env });
  await offerEveryPlugin(t.app);
  return t;
}

export async function buyer(app: FastifyInstance): Promise<TestIdentity> {
  const user = await registerUser(app);
  await completeProfile(app, user);
  return user;
}

/**
 * A shop (createShopApp) and a German seller with a complete profile, opened before the file's tests and closed
 * after them: call it once at the top of a test file and read `shop.app` and `shop.seller` inside the tests.
 */
export function useShopWithSeller() {
  const shop = {} as { t: TestApp; app: FastifyInstance; seller: TestIdentity };
  beforeAll(async () => {
    shop.t = await createShopApp();
    shop.app = shop.t.app;
    shop.seller = await buyer(shop.app);
  }, 120_000);
  afterAll(async () => shop.t?.close());
  return shop;
}

/** A seller of an Austrian company in Vienna whose profile states `vatID` (VIES confirms ATU13585627 only). */
export async function austrianBuyer(app: FastifyInstance, vatID: string): Promise<TestIdentity> {
  const user = await registerUser(app);
  await completeProfile(app, user, {
    ...COMPLETE_CONTACT,
    firstName: 'Anna',
    lastName: 'Huber',
    companyName: 'Huber Handel GmbH',
    country: 'AT',
    city: 'Wien',
    street: 'Ringstraße',
    houseNumber: '1',
    postalCode: '1010',
    vatID,
  });
  return user;
}

/** The catalogue's price of `productId` with `selection` for the German buyer of COMPLETE_CONTACT (VAT ID unconfirmed). */
export async function catalogueQuote(
  app: FastifyInstance,
  productId: string,
  selection: object,
): Promise<PurchaseQuote> {
  const row = await findProduct(app.db, productId);
  return quotePurchase(toProduct(row!), selection, {
    country: COMPLETE_CONTACT.country,
    vatId: COMPLETE_CONTACT.vatID,
    vatIdVerified: false,
  });
}

export interface Bought {
  invoice_id: string;
  payment_url: string;
  ref: string;
  quote: { grossCents: number; netCents: number; vatCents: number; currency: string };
}

/** POST /invoice: 201 with a new draft, 200 with the buyer's open draft of the same purchase. */
export async function buy(app: FastifyInstance, user: TestIdentity, payload: object): Promise<Bought> {
  const res = await app.inject({ method: 'POST', url: '/api/invoice', headers: user.headers, payload });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`POST /api/invoice failed: ${res.statusCode} ${res.body}`);
  }
  const body = res.json() as Omit<Bought, 'ref'>;
  return { ...body, ref: body.payment_url.split('/').pop()! };
}

export const FRESH_DESK_YEARLY = {
  product_id: 'fresh_desk-basic-yearly',
  extra_users_count: 2,
  extra_email_blocks: 0,
  auto_upgrade_consent: true,
};

/** Fresh Desk Basic monthly with 2 extra users: what the PayPal tests subscribe to. */
export const FRESH_DESK_MONTHLY = { ...FRESH_DESK_YEARLY, product_id: 'fresh_desk-basic-monthly' };

/** A sandbox event signed like the sandbox page signs it. */
export function signedEvent(
  type: SandboxEventBody['type'],
  resource: SandboxEventBody['resource'],
  opts: { id?: string; secret?: string } = {},
) {
  const body: SandboxEventBody = {
    id: opts.id ?? `evt_${crypto.randomUUID()}`,
    type,
    created: new Date().toISOString(),
    resource,
  };
  const raw = JSON.stringify(body);
  return {
    body,
    raw,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signSandboxBody(opts.secret ?? SANDBOX_SECRET, raw),
    },
  };
}

export function postEvent(app: FastifyInstance, event: ReturnType<typeof signedEvent>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: event.headers,
    payload: event.raw,
  });
}

/** Everything a purchase must create exactly once. */
export async function countsFor(t: TestApp, user: TestIdentity, invoiceId: string) {
  const db = t.app.db;
  const [l] = await db.select({ n: count() }).from(licenses).where(eq(licenses.userId, user.uid));
  const [paid] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.userId, user.uid), eq(invoices.status, 'Paid'), isNotNull(invoices.invoiceNumber)));
  const [s] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.uid));
  const [p] = await db.select({ n: count() }).from(payments).where(eq(payments.invoiceId, invoiceId));
  const [e] = await db
    .select({ n: count() })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(eq(payments.invoiceId, invoiceId));
  return {
    licenses: l.n,
    paidInvoices: paid.n,
    subscriptions: s.n,
    payments: p.n,
    events: e.n,
    mails: mailsTo(t, user).length,
  };
}

/** An .eml as readable text: encoded-word headers and quoted-printable bodies decoded (bytes as latin1, then UTF-8). */
export function decodeEml(eml: string): string {
  const qp = (text: string) =>
    text.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  const words = eml
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('latin1') : qp(text.replace(/_/g, ' ')),
    );
  return Buffer.from(qp(words.replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
}

/** Decoded .eml files of the app's outbox (files under DATA_DIR/mail, the api's mail without SMTP) to `address`. */
export function outboxTo(t: TestApp, address: string): string[] {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => decodeEml(fs.readFileSync(path.join(dir, f), 'latin1')))
    .filter((eml) => eml.includes(`To: ${address}`));
}

/** Decoded .eml files of the outbox addressed to the user (invoice email falls back to the login email). */
export const mailsTo = (t: TestApp, user: TestIdentity): string[] => outboxTo(t, user.email);
