// Paying through PayPal, with the project's PayPal simulator in place of PayPal: this file starts its own api with
// PAYMENT_PROVIDER=paypal, the simulator (its webhooks go to that api, signed as PayPal signs them) and a portal
// server in front of that api, next to the sandbox stack of global-setup (the Auth emulator is shared). A ready
// seller buys Fresh Desk Basic monthly on /licenses/buy, approves on the simulator's page in the payment window
// ("Agree & Subscribe") → the license is on /licenses; the simulator bills the next cycle (control API) → the license
// runs a month longer; "Cancel subscription" on /licenses → the subscription is suspended at the simulator and no
// longer bills; PayPal's refund of that renewal (its own refund endpoint, with an OAuth token) → the cancellation
// invoice on /invoices, and the license ends with the period paid first. A second plan (Mobile App, bought through the api) whose cycle fails → the payment banner
// with "Pay now". Ports: E2E_PAYPAL_API_PORT (4201), E2E_PAYPAL_SIMULATOR_PORT (4202), E2E_PAYPAL_PORTAL_PORT (4203).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  assertPortFree,
  startApi,
  startPayPalSimulatorService,
  startPortalServer,
  stopAll,
} from '../../scripts/stack.mjs';
import { EMULATOR_PORT } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, createReadySeller } from '../support/account/ready-seller';
import { lic, text, whole, type Lang } from '../support/locales';
import { expectSignedIn, signedInPage, uniqueEmail } from '../support/portal';

const lang: Lang = 'en';
const API_PORT = Number(process.env.E2E_PAYPAL_API_PORT || 4201);
const SIMULATOR_PORT = Number(process.env.E2E_PAYPAL_SIMULATOR_PORT || 4202);
const PORTAL_PORT = Number(process.env.E2E_PAYPAL_PORTAL_PORT || 4203);
const PORTAL = `http://localhost:${PORTAL_PORT}`;
const SIMULATOR = `http://127.0.0.1:${SIMULATOR_PORT}`;
const DAY = 86_400_000;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const locale = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(repo, dir, 'locales', `${lang}.json`), 'utf8')) as Record<string, string>;
const buyTexts = locale('shared/src/ui/buy');
const billingTexts = locale('mfe-billing/src');
const fill = (value: string, params: Record<string, string | number>) =>
  value.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
const buy = (key: string, params: Record<string, string | number> = {}) => fill(buyTexts[key], params);
const billing = (key: string, params: Record<string, string | number> = {}) => fill(billingTexts[key], params);

const seller = { email: uniqueEmail('paypal'), password: 'secret123' };
const PLAN = 'Fresh Desk Basic';

interface ShownLicense {
  productName: string;
  licenseExpired: string | null;
  subscription?: { status: string; cancelAtPeriodEnd?: boolean } | null;
}

// The simulator's JSON as PayPal documents it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function simulator(method: string, urlPath: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${SIMULATOR}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.text();
  return { status: res.status, body: answer ? JSON.parse(answer) : null };
}

/** An OAuth token of the api's REST app (client credentials), as PayPal hands it out. */
async function paypalToken(): Promise<string> {
  const res = await fetch(`${SIMULATOR}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('simulator-client-id:simulator-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The PayPal subscription of a sale event about the seller's plan (the simulator serves this one portal only). */
async function subscriptionIds(): Promise<string[]> {
  const { body } = await simulator('GET', '/v1/simulator/events?event_type=PAYMENT.SALE.COMPLETED');
  const ids = (body.events as { resource: { billing_agreement_id: string } }[]).map(
    (e) => e.resource.billing_agreement_id,
  );
  return [...new Set(ids)];
}

async function shownLicense(productName: string): Promise<ShownLicense> {
  const token = await idTokenFor(seller.email, seller.password);
  const { items } = await apiCall<{ items: ShownLicense[] }>('GET', `${PORTAL}/api/license/all`, token);
  const found = items.find((l) => l.productName === productName);
  if (!found) throw new Error(`no license ${productName} among ${items.map((l) => l.productName).join(', ')}`);
  return found;
}

const row = (page: Page, name: string) =>
  page.getByRole('table', { name: lic(lang, 'list_table_label') }).getByRole('row', { name: new RegExp(name) });

test.describe.serial('PayPal through the simulator', () => {
  const started: Array<{ running: boolean; stop(): Promise<unknown> }> = [];
  let dataDir = '';
  let context: BrowserContext;
  let page: Page;
  let subscriptionId = '';
  let firstEnd = 0;
  let renewalSale = '';

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(240_000);
    for (const [port, what] of [
      [API_PORT, 'PayPal journey api'],
      [SIMULATOR_PORT, 'PayPal simulator'],
      [PORTAL_PORT, 'PayPal journey portal server'],
    ] as const) {
      await assertPortFree(port, what);
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-paypal-'));
    const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
    const paypal = await startPayPalSimulatorService({
      port: SIMULATOR_PORT,
      apiPort: API_PORT,
      returnBaseUrl: PORTAL,
      quiet: true,
    });
    started.push(paypal);
    started.push(
      await startApi({
        name: 'api-paypal',
        port: API_PORT,
        dataDir: path.join(dataDir, 'data'),
        emulatorHost,
        quiet: true,
        env: {
          ...paypal.apiEnv,
          SEED_DEMO: 'false',
          DS_ALLOWED_HOSTS: '127.0.0.1,localhost',
          RATE_LIMIT_MAX: '100000',
        },
      }),
    );
    started.push(
      await startPortalServer({
        port: PORTAL_PORT,
        apiPort: API_PORT,
        env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
      }),
    );
    await createReadySeller(
      seller,
      { firstName: 'Paula', lastName: 'Pal', companyName: 'Pal Handel GmbH' },
      { portalUrl: PORTAL },
    );
    ({ context, page } = await signedInPage(browser, lang, seller, { baseURL: PORTAL }));
  });

  test.afterAll(async () => {
    await context?.close();
    await stopAll(started);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('buys Fresh Desk Basic monthly, approves on the PayPal page in the payment window → license on /licenses', async () => {
    await page.goto('/licenses/buy?plugin=fresh_desk');
    await expect(page.getByRole('heading', { level: 2, name: buy('cards_title') })).toBeVisible();
    await page.getByRole('button', { name: buy('billing_monthly'), exact: true }).click();
    const plan = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 3, name: PLAN, exact: true }) });
    await plan.getByRole('checkbox', { name: buy('auto_upgrade_label') }).check();
    await plan.getByRole('button', { name: buy('card_buy_named', { name: PLAN }) }).click();
    const dialog = page.getByRole('dialog', { name: buy('dialog_title') });
    const pay = dialog.getByRole('button', { name: /23,68/ });

    const popupOpened = page.waitForEvent('popup');
    await pay.click();
    const popup = await popupOpened;
    // The simulator's approval page (PayPal's origin, not the portal's), with the plan and its price.
    await popup.waitForURL((url) => url.origin === SIMULATOR);
    await popup.getByRole('button', { name: /^(Agree & Subscribe|Zustimmen und abonnieren)$/ }).click();
    // PayPal sends the window back to the portal's return page, which says it may be closed; the dialog then asks.
    await popup.waitForURL((url) => url.origin === PORTAL && url.pathname === '/api/payment/paypal/return');
    await popup.close();
    await expect(dialog.getByText(buy('dialog_paid_title'))).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: buy('dialog_close') }).click();

    await page.goto('/licenses');
    await expect(row(page, PLAN)).toBeVisible();
    await expect(row(page, PLAN)).toContainText(lic(lang, 'type_subscription'));
    const bought = await shownLicense(PLAN);
    expect(bought.subscription?.status).toBe('Active');
    firstEnd = new Date(bought.licenseExpired!).getTime();
    expect(firstEnd).toBeGreaterThan(Date.now() + 27 * DAY);

    const ids = await subscriptionIds();
    expect(ids).toHaveLength(1);
    subscriptionId = ids[0];
    const token = await paypalToken();
    const atPayPal = await simulator('GET', `/v1/billing/subscriptions/${subscriptionId}`, undefined, token);
    expect(atPayPal.body.status).toBe('ACTIVE');
  });

  test('the simulator bills the next cycle → the license runs a month longer', async () => {
    const cycle = await simulator('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
      outcome: 'success',
    });
    expect(cycle.status).toBe(200);
    expect(cycle.body.events.map((e: { status: string }) => e.status)).toEqual(['SUCCESS']);
    renewalSale = cycle.body.sale.id;
    const renewed = await shownLicense(PLAN);
    const newEnd = new Date(renewed.licenseExpired!).getTime();
    expect(newEnd).toBeGreaterThan(firstEnd + 27 * DAY);
    expect(newEnd).toBeLessThan(firstEnd + 32 * DAY);

    await page.goto('/licenses');
    const until = new Date(newEnd);
    const shown = `${String(until.getDate()).padStart(2, '0')}.${String(until.getMonth() + 1).padStart(2, '0')}.${until.getFullYear()}`;
    await expect(row(page, PLAN)).toContainText(shown);
  });

  test('Cancel subscription on /licenses → suspended at PayPal, no further cycle is billed', async () => {
    await page.goto('/licenses');
    await row(page, PLAN)
      .getByRole('button', { name: lic(lang, 'subscription_cancel_named', { product: PLAN }) })
      .click();
    const confirm = page.getByRole('dialog', { name: lic(lang, 'subscription_confirm_title', { product: PLAN }) });
    await confirm.getByRole('button', { name: whole(lic(lang, 'subscription_cancel')) }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, PLAN)).toContainText(lic(lang, 'subscription_ends_on', { date: '' }).trim());
    expect((await shownLicense(PLAN)).subscription?.cancelAtPeriodEnd).toBe(true);

    const token = await paypalToken();
    const atPayPal = await simulator('GET', `/v1/billing/subscriptions/${subscriptionId}`, undefined, token);
    expect(atPayPal.body.status).toBe('SUSPENDED');
    const refused = await simulator('POST', `/v1/simulator/subscriptions/${subscriptionId}/cycle`, {
      outcome: 'success',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.details?.[0]?.issue ?? refused.body.name).toMatch(/SUBSCRIPTION_STATUS_INVALID/);
  });

  test("PayPal's refund of the renewal paid ahead → its cancellation invoice; the license ends with the first period", async () => {
    const token = await paypalToken();
    const refund = await simulator('POST', `/v1/payments/sale/${renewalSale}/refund`, {}, token);
    expect(refund.status).toBe(201);
    await page.goto('/invoices');
    const table = page.getByRole('table', { name: billing('invoices_table_label') });
    await expect(table.getByRole('row').filter({ hasText: billing('invoices_kind_cancellation') })).toHaveCount(1, {
      timeout: 30_000,
    });
    // The refunded period had not begun: the license is usable until the end of the period paid first, then ends,
    // and PayPal's subscription is cancelled so it bills nothing more.
    const ended = await shownLicense(PLAN);
    expect(new Date(ended.licenseExpired!).getTime()).toBe(firstEnd);
    expect(ended.subscription?.cancelAtPeriodEnd).toBe(true);
    const atPayPal = await simulator('GET', `/v1/billing/subscriptions/${subscriptionId}`, undefined, token);
    expect(atPayPal.body.status).toBe('CANCELLED');
    await page.goto('/licenses');
    const until = new Date(firstEnd);
    const shown = `${String(until.getDate()).padStart(2, '0')}.${String(until.getMonth() + 1).padStart(2, '0')}.${until.getFullYear()}`;
    await expect(row(page, PLAN)).toContainText(lic(lang, 'subscription_ends_on', { date: shown }));
  });

  test('a failed cycle of another plan → the payment banner with Pay now', async () => {
    const token = await idTokenFor(seller.email, seller.password);
    const bought = await apiCall<{ payment_url: string }>('POST', `${PORTAL}/api/invoice`, token, {
      product_id: 'mobile-basic-monthly',
      auto_upgrade_consent: true,
    });
    // The buyer's "Agree & Subscribe" (the form the approval page posts), then PayPal's return to the portal.
    const approval = new URL(bought.payment_url);
    expect(approval.origin).toBe(SIMULATOR);
    const decided = await fetch(`${SIMULATOR}${approval.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ba_token: approval.searchParams.get('ba_token')!, action: 'approve' }).toString(),
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    expect((await fetch(decided.headers.get('location')!)).status).toBe(200);
    const second = (await subscriptionIds()).find((id) => id !== subscriptionId)!;
    expect(second).toBeTruthy();

    const failed = await simulator('POST', `/v1/simulator/subscriptions/${second}/cycle`, { outcome: 'failure' });
    expect(failed.status).toBe(200);
    // PayPal's payment-failed event (and the suspension the plan's failure threshold brings), each taken by the api.
    const delivered = failed.body.events as { event_type?: string; status: string }[];
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((e) => e.status === 'SUCCESS')).toBe(true);

    await page.goto('/dashboard');
    await expectSignedIn(page, lang);
    const banner = page.getByRole('region', { name: text(lang, 'payment_due_region') });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner.getByRole('button', { name: new RegExp(text(lang, 'payment_due_pay')) })).toBeVisible();
  });
});
