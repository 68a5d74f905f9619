// Buying and paying: a seller whose profile, AVV and database connection are complete buys a yearly fresh_desk
// plan with 2 extra users on /licenses/buy, pays in the api's sandbox window (the signed event runs the real
// webhook path) → the license is active in /licenses and the fresh_desk dashboard card says Configure; the same
// seller activates the free mobile product from its card; a blocked pop-up shows the warning, and Try again opens
// the window. Setup through the real api (registration, profile, AVV, database connection) — the UI of those steps
// is covered by account-onboarding.spec.ts. Relies on PostgreSQL at 127.0.0.1:5432 and DS_ALLOWED_HOSTS (global-setup).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BASE_URL } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, createReadySeller } from '../support/account/ready-seller';
import { card, cardButton, notification, openDashboard } from '../support/account/portal-ui';
import { escapeRegExp, lic, whole, type Lang } from '../support/locales';
import { signedInPage, uniqueEmail } from '../support/portal';

const lang: Lang = 'en';
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buyTexts = JSON.parse(
  fs.readFileSync(path.join(repo, `shared/src/ui/buy/locales/${lang}.json`), 'utf8'),
) as Record<string, string>;
/** Text of the shared buy sections (namespace 'buy'). */
function buy(key: string, params: Record<string, string | number> = {}): string {
  const value = buyTexts[key];
  if (typeof value !== 'string') throw new Error(`buy locale has no key "${key}"`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

const seller = { email: uniqueEmail('buyer'), password: 'secret123' };
const createBuyer = () =>
  createReadySeller(seller, { firstName: 'Bea', lastName: 'Buyer', companyName: 'Buyer Handel GmbH' });

const licenseCard = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name });
const dialog = (page: Page) => page.getByRole('dialog', { name: buy('dialog_title') });

async function openBuyPage(page: Page, plugin: string, firstCard: string) {
  await page.goto(`/licenses/buy?plugin=${plugin}`);
  await expect(page.getByRole('heading', { level: 2, name: buy('cards_title') })).toBeVisible();
  await expect(licenseCard(page, firstCard)).toBeVisible();
}

/** Chooses Fresh Desk Basic Yearly with 2 extra users, agrees to upgrades and opens the dialog's confirm step. */
async function orderYearlyFreshDesk(page: Page) {
  await openBuyPage(page, 'fresh_desk', 'Fresh Desk Basic Yearly');
  await expect(page.getByRole('button', { name: buy('billing_yearly'), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const plan = licenseCard(page, 'Fresh Desk Basic Yearly');
  const addUser = plan.getByRole('button', { name: buy('counter_increase', { label: buy('counter_users_label') }) });
  await addUser.click();
  await addUser.click();
  await expect(plan.getByRole('status', { name: buy('counter_users_label') })).toHaveText('2');
  await plan.getByRole('checkbox', { name: buy('auto_upgrade_label') }).check();
  await plan.getByRole('button', { name: buy('card_buy_named', { name: 'Fresh Desk Basic Yearly' }) }).click();
  await expect(dialog(page).getByRole('table', { name: buy('dialog_table_label') })).toBeVisible();
  // The server's quote: base 199,00 € + 2 × 36,00 € extra users, 19 % VAT.
  await expect(dialog(page).getByRole('row', { name: new RegExp(escapeRegExp(buy('row_extra_users'))) })).toContainText(
    '72,00',
  );
  return dialog(page).getByRole('button', { name: /322,49/ });
}

test.describe.serial('Buy and pay', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    await createBuyer();
    ({ context, page } = await signedInPage(browser, lang, seller));
  });

  test.afterAll(async () => {
    await context?.close();
  });

  test('opening the dialog shows the quote and closing it leaves no invoice', async () => {
    const invoiceCount = async () =>
      (await apiCall<{ total: number }>('GET', '/invoice/count', await idTokenFor(seller.email, seller.password)))
        .total;
    expect(await invoiceCount()).toBe(0);
    await orderYearlyFreshDesk(page);
    await expect(dialog(page).getByText(buy('total_gross'), { exact: true })).toBeVisible();
    await dialog(page)
      .getByRole('button', { name: buy('dialog_cancel') })
      .click();
    await expect(dialog(page)).toHaveCount(0);
    await orderYearlyFreshDesk(page);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    expect(await invoiceCount()).toBe(0);
  });

  test('a blocked pop-up shows the warning; Try again opens the payment window', async () => {
    const pay = await orderYearlyFreshDesk(page);
    await page.evaluate(() => {
      const w = window as unknown as { realOpen?: typeof window.open };
      w.realOpen = window.open;
      window.open = () => null;
    });
    await pay.click();
    await expect(dialog(page).getByRole('alert')).toContainText(buy('license_popup_blocked'));
    await expect(notification(page, lang, buy('license_popup_blocked'))).toBeVisible();

    await page.evaluate(() => {
      const w = window as unknown as { realOpen: typeof window.open };
      window.open = w.realOpen;
    });
    const popupOpened = page.waitForEvent('popup');
    await dialog(page)
      .getByRole('button', { name: buy('popup_retry') })
      .click();
    const popup = await popupOpened;
    await expect(dialog(page).getByText(buy('dialog_pending_title'))).toBeVisible();
    await popup.close();
    // Nothing was paid: the dialog offers the window again; the seller cancels.
    await expect(dialog(page).getByText(buy('dialog_not_paid_title'))).toBeVisible({ timeout: 30_000 });
    await dialog(page)
      .getByRole('button', { name: buy('dialog_cancel') })
      .click();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('buys a yearly fresh_desk plan with 2 extra users in the sandbox window → license active, card says Configure', async () => {
    const pay = await orderYearlyFreshDesk(page);
    const popupOpened = page.waitForEvent('popup');
    await pay.click();
    const popup = await popupOpened;
    await expect(dialog(page).getByText(buy('dialog_pending_title'))).toBeVisible();
    // As with PayPal, the window first shows a page of another origin (here the portal under 127.0.0.1), led there and
    // back by that page's own script. The portal still sees the window open (it polls every second): no
    // Cross-Origin-Opener-Policy cuts it off.
    await popup.getByRole('button', { name: /^(Pay|Bezahlen)$/ }).waitFor();
    const paymentPage = popup.url();
    const provider = new URL('/login', BASE_URL.replace('localhost', '127.0.0.1')).href;
    await popup.evaluate((url) => void (window.location.href = url), provider);
    await popup.waitForURL(provider);
    await page.waitForTimeout(2_500);
    await expect(dialog(page).getByText(buy('dialog_pending_title'))).toBeVisible();
    await popup.evaluate((url) => void (window.location.href = url), paymentPage);
    await popup.getByRole('button', { name: /^(Pay|Bezahlen)$/ }).click();
    // The sandbox page closes itself after the result; the portal notices and checks the payment.
    await popup.waitForEvent('close', { timeout: 30_000 });
    await expect(dialog(page).getByText(buy('dialog_paid_title'))).toBeVisible({ timeout: 30_000 });
    await dialog(page)
      .getByRole('button', { name: buy('dialog_close') })
      .click();

    // The card now shows the active state and no longer sells the plan: it is the subscription's current plan, and
    // the plugin's other plans offer a change of that subscription instead of a second one.
    const plan = licenseCard(page, 'Fresh Desk Basic Yearly');
    await expect(plan.getByText(whole(buy('card_active')))).toBeVisible();
    await expect(plan.getByRole('button', { name: whole(buy('card_current_plan')) })).toBeDisabled();
    await expect(
      licenseCard(page, 'Fresh Desk Advanced Yearly').getByRole('button', {
        name: buy('card_change_plan_named', { name: 'Fresh Desk Advanced Yearly' }),
      }),
    ).toBeEnabled();

    await page.goto('/licenses');
    const table = page.getByRole('table', { name: lic(lang, 'list_table_label') });
    const row = table.getByRole('row', { name: /Fresh Desk Basic Yearly/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText(lic(lang, 'type_subscription'));

    await openDashboard(page, lang);
    await expect(cardButton(page, lang, 'fresh_desk', 'card_button_configure')).toBeVisible();
  });

  test('activates the free mobile product from its card and lands on the store links', async () => {
    await openBuyPage(page, 'mobile', 'Mobile App Free');
    const free = licenseCard(page, 'Mobile App Free');
    await free.getByRole('button', { name: buy('card_get_app') }).click();
    await expect(notification(page, lang, buy('free_activated'))).toBeVisible();
    await expect(free.getByText(buy('card_active_no_expiry'))).toBeVisible();
    const getNow = page.getByRole('region', { name: buy('get_now_title') });
    await expect(getNow).toBeInViewport();
    await expect(getNow.getByRole('img', { name: buy('get_now_qr_android') })).toBeVisible();
    await expect(getNow.getByRole('link', { name: buy('get_now_ios') })).toBeVisible();

    await page.goto('/licenses');
    await expect(
      page.getByRole('table', { name: lic(lang, 'list_table_label') }).getByRole('row', { name: /Mobile App Free/ }),
    ).toBeVisible();
    await openDashboard(page, lang);
    await expect(card(page, lang, 'mobile')).toBeVisible();
    await expect(cardButton(page, lang, 'mobile', 'card_button_configure')).toBeVisible();
  });
});
