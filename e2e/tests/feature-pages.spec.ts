// The plugin feature pages, opened the way a seller does — from the dashboard card. The demo seller
// (paid fresh_desk and mobile plans) opens Freshdesk and Mobile app; the internal staff account opens Lieferbar,
// which reads a real JTL-Wawi-shaped order database in the local PostgreSQL, and Content Master (coming soon),
// which nobody else can reach. Each page is checked with axe-core (serious/critical) and at 390 px for sideways
// scrolling.
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { BASE_URL, DEMO_SELLER, DEMO_STAFF } from '../support/env';
import { buyText, common, feature, text, whole, type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn } from '../support/portal';
import { describeFindings, seriousViolations, settle } from '../support/account/axe';
import { card, cardButton, notification, openDashboard } from '../support/account/portal-ui';
import { activateFreeProduct } from '../support/account/portal-api';
import { idTokenFor } from '../support/account/emulator';

const FIXTURE_DB = `e2e_lieferbar_${Date.now().toString(36)}`;

async function pgClient(database: string) {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
  await client.connect();
  return client;
}

/** A JTL-Wawi-shaped order database: 4 pending DHL orders, 2 pending DPD, plus orders that do not count. */
async function createOrderDatabase() {
  const admin = await pgClient('test');
  await admin.query(`CREATE DATABASE ${FIXTURE_DB}`);
  await admin.end();
  const db = await pgClient(FIXTURE_DB);
  await db.query(`CREATE SCHEMA verkauf;
    CREATE TABLE public.tVersandArt (kVersandArt INT PRIMARY KEY, cName VARCHAR(255) NOT NULL);
    CREATE TABLE verkauf.tAuftrag (kAuftrag INT PRIMARY KEY, kVersandArt INT, nType SMALLINT NOT NULL,
      nStorno SMALLINT NOT NULL, nKomplettAusgeliefert SMALLINT NOT NULL, kRueckhaltegrund INT);
    INSERT INTO public.tVersandArt VALUES (1, 'DHL Paket'), (2, 'DPD Classic'), (3, 'Abholung');
    INSERT INTO verkauf.tAuftrag VALUES (1, 1, 1, 0, 0, NULL), (2, 1, 1, 0, 0, NULL), (3, 1, 1, 0, 0, NULL),
      (4, 1, 1, 0, 0, NULL), (5, 2, 1, 0, 0, NULL), (6, 2, 1, 0, 0, NULL), (7, 1, 1, 1, 0, NULL),
      (8, 3, 1, 0, 1, NULL), (9, 2, 0, 0, 0, NULL);`);
  await db.end();
}

async function dropOrderDatabase() {
  const admin = await pgClient('test');
  await admin.query(`DROP DATABASE IF EXISTS ${FIXTURE_DB} WITH (FORCE)`);
  await admin.end();
}

/** Staff setup the dashboard needs for a Configure button: its database connection and a lieferbar trial. */
async function prepareStaff() {
  const token = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
  const response = await fetch(`${BASE_URL}/api/user/ds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      engine: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database: FIXTURE_DB,
      user: 'postgres',
      password: 'trust-ignores-it',
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  await activateFreeProduct(DEMO_STAFF.email, DEMO_STAFF.password, 'lieferbar-trial').catch((error: Error) => {
    if (!/trial-already-used|license-already-active/.test(error.message)) throw error;
  });
}

async function checkAxe(page: Page, screen: string) {
  const findings = await seriousViolations(page);
  expect.soft(findings.length, `${screen}: serious/critical axe violations\n${describeFindings(findings)}\n`).toBe(0);
}

/** At 390 px the page must not scroll sideways; a failure names the elements that stick out. */
async function checkNarrow(page: Page, screen: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect
    .poll(overflow, { timeout: 3000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${el.getBoundingClientRect().right}`,
      ),
  );
  expect.soft(await overflow(), `${screen}: sideways scroll at 390 px\n${wide.join('\n')}`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

test.describe('feature pages', () => {
  test.beforeAll(createOrderDatabase);
  test.afterAll(dropOrderDatabase);

  for (const [lang, theme] of [
    ['en', 'light'],
    ['de', 'dark'],
  ] as const satisfies [Lang, 'light' | 'dark'][]) {
    test(`the demo seller opens Freshdesk and Mobile app from their cards (${lang}, ${theme})`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      await presetPreferences(page, { lang, theme });
      await signIn(page, lang, DEMO_SELLER.email, DEMO_SELLER.password);
      await expectSignedIn(page, lang);
      await openDashboard(page, lang);

      await cardButton(page, lang, 'fresh_desk', 'card_button_configure').click();
      await expect(page).toHaveURL(/\/features\/freshdesk$/);
      await expect(
        page.getByRole('heading', { level: 1, name: feature('mfe-freshdesk', lang, 'page_title') }),
      ).toBeVisible();
      const key = page.getByRole('textbox', { name: feature('mfe-freshdesk', lang, 'api_key_label') });
      await expect(key).toHaveValue(/^fdk_[A-Za-z0-9_-]+$/);
      // The demo seller's fresh_desk plan is paid: no upgrade promo.
      await expect(page.getByRole('complementary', { name: common(lang, 'upgrade_promo_title') })).toHaveCount(0);
      await page.getByRole('button', { name: feature('mfe-freshdesk', lang, 'api_key_copy') }).click();
      await expect(notification(page, lang, feature('mfe-freshdesk', lang, 'freshdesk_copy_success'))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await key.inputValue());
      // The shared buy sections follow: how-it-works, plans, FAQ … contact.
      await expect(page.getByRole('region', { name: buyText(lang, 'how_title') })).toBeVisible();
      await expect(page.getByRole('region', { name: buyText(lang, 'faq_title') })).toBeVisible();
      await checkAxe(page, `freshdesk (${theme})`);
      await checkNarrow(page, 'freshdesk');

      await page.getByRole('link', { name: common(lang, 'back') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await cardButton(page, lang, 'mobile', 'card_button_configure').click();
      await expect(page).toHaveURL(/\/features\/mobile-app$/);
      await expect(
        page.getByRole('heading', { level: 1, name: feature('mfe-mobile', lang, 'page_title') }),
      ).toBeVisible();
      await expect(page.getByRole('complementary', { name: common(lang, 'upgrade_promo_title') })).toHaveCount(0);
      const how = page.getByRole('region', { name: buyText(lang, 'how_title') });
      await expect(how.getByRole('listitem')).toHaveCount(4);
      const getNow = page.getByRole('region', { name: buyText(lang, 'get_now_title') });
      await expect(getNow.getByRole('img', { name: buyText(lang, 'get_now_qr_android') })).toBeVisible();
      await expect(getNow.getByRole('img', { name: buyText(lang, 'get_now_qr_ios') })).toBeVisible();
      await checkAxe(page, `mobile app (${theme})`);
      await checkNarrow(page, 'mobile app');

      // Internal-only pages: not in the seller's registry, so neither card nor page.
      await openDashboard(page, lang);
      await expect(card(page, lang, 'lieferbar')).toHaveCount(0);
      for (const path of ['/features/content-master', '/features/lieferbar']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: whole(text(lang, 'not_found_title')) })).toBeVisible();
      }
    });
  }

  test('the internal account opens Lieferbar from its card and sees the counts of its own database', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const lang = 'en';
    await prepareStaff();
    await presetPreferences(page, { lang, theme: 'dark' });
    await signIn(page, lang, DEMO_STAFF.email, DEMO_STAFF.password);
    await expectSignedIn(page, lang);
    await openDashboard(page, lang);

    await cardButton(page, lang, 'lieferbar', 'card_button_configure').click();
    await expect(page).toHaveURL(/\/features\/lieferbar$/);
    const total = page.getByRole('region', { name: feature('mfe-lieferbar', lang, 'total_card_title') });
    await expect(total).toContainText('6');
    await expect(page.getByRole('region', { name: 'DHL Paket' })).toContainText('4');
    await expect(page.getByRole('region', { name: 'DPD Classic' })).toContainText('2');
    await expect(page.getByRole('region', { name: 'Abholung' })).toHaveCount(0);
    await checkAxe(page, 'lieferbar (dark)');
    await checkNarrow(page, 'lieferbar');

    // Content Master: the card is "Soon"; the page itself is there for this account only.
    await openDashboard(page, lang);
    await expect(cardButton(page, lang, 'magic_matrix', 'card_button_soon')).toBeDisabled();
    await page.goto('/features/content-master');
    await expect(
      page.getByRole('heading', { level: 1, name: whole(text(lang, 'content_master_title')) }),
    ).toBeVisible();
    await expect(page.getByText(text(lang, 'coming_soon_title'))).toBeVisible();
    await checkAxe(page, 'content master (dark)');
    await checkNarrow(page, 'content master');
  });
});
