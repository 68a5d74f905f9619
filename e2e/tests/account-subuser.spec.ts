// Issue (account): a seller creates a sub-user in User management; the sub-user sets a password through the reset
// link the api mails (Auth emulator), signs in and sees no Invoices, User management, profile link or Database tab,
// and gets the parent-only warning on Buy. The parent then deletes the sub-user, who can no longer sign in.
// Steps depend on each other (one parent, one sub-user), so they run serially.
// Setup shortcut: the parent's free mobile license (which allows one sub-user) is activated through the api,
// because the buy page has no license cards yet (support/account/portal-api.ts).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { acc, common, exact, navLabel, oneOf, text, whole, type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, uniqueEmail } from '../support/portal';
import { resetPassword, waitForOobCode } from '../support/account/emulator';
import { activateFreeProduct } from '../support/account/portal-api';
import {
  avvDialog,
  cardButton,
  expectProfileLoaded,
  fillAndSaveProfile,
  nav,
  navLink,
  notification,
  openDashboard,
  profileLink,
  profileTabs,
} from '../support/account/portal-ui';

const lang = 'en' as const;
// The sub-user works in German (the portal's default language), the parent in English.
const subLang = 'de' as const;
const parent = { email: uniqueEmail('parent'), password: 'secret123' };
const sub = { name: 'Sam Sub', email: uniqueEmail('sub'), password: 'sub-secret-1' };

async function newSignedOutPage(
  browser: Browser,
  language: Lang = lang,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await presetPreferences(page, { lang: language });
  return { context, page };
}

test.describe.serial('Account: a sub-user invited by a seller', () => {
  let parentContext: BrowserContext;
  let parentPage: Page;
  let subContext: BrowserContext;
  let subPage: Page;

  test.beforeAll(async ({ browser }) => {
    ({ context: parentContext, page: parentPage } = await newSignedOutPage(browser));
    ({ context: subContext, page: subPage } = await newSignedOutPage(browser, subLang));
  });

  test.afterAll(async () => {
    await parentContext?.close();
    await subContext?.close();
  });

  test('a registered seller with a free mobile license adds a sub-user; the api mails a password link', async () => {
    const page = parentPage;
    await page.goto('/register');
    await page.getByLabel(exact(lang, 'email_label')).fill(parent.email);
    await page.getByLabel(exact(lang, 'password_label')).fill(parent.password);
    await page.getByLabel(exact(lang, 'password_repeat_label')).fill(parent.password);
    await page.getByRole('checkbox', { name: text(lang, 'terms_accept_label') }).check();
    await page.getByRole('button', { name: exact(lang, 'register_button') }).click();
    await expect(page).toHaveURL(/\/profile\?firstTime=true$/);
    await expectSignedIn(page, lang);

    // Without a mobile plan no sub-user can be added.
    await navLink(page, lang, 'nav_user_management').click();
    await expect(page).toHaveURL(/\/user-management$/);
    await expect(page.getByText(acc(lang, 'users_no_plan'))).toBeVisible();
    await expect(page.getByRole('link', { name: acc(lang, 'users_buy_mobile_plan') })).toHaveAttribute(
      'href',
      /\/licenses\/buy\?plugin=mobile$/,
    );
    await expect(page.getByRole('button', { name: whole(acc(lang, 'users_add')) })).toBeDisabled();

    await activateFreeProduct(parent.email, parent.password, 'mobile_default-free');
    await page.reload();
    await expect(page.getByText(acc(lang, 'users_count', { count: 0, max: 1 }))).toBeVisible();
    const add = page.getByRole('button', { name: whole(acc(lang, 'users_add')) });
    await expect(add).toBeEnabled();
    await add.click();

    const dialog = page.getByRole('dialog', { name: acc(lang, 'users_add_title') });
    await expect(dialog).toBeVisible();
    // Empty fields are refused in the dialog.
    await dialog.getByRole('button', { name: whole(acc(lang, 'users_add_submit')) }).click();
    await expect(dialog.getByText(common(lang, 'name_error'))).toBeVisible();
    await dialog.getByRole('textbox', { name: whole(acc(lang, 'users_name')) }).fill(sub.name);
    await dialog.getByRole('textbox', { name: whole(acc(lang, 'users_email')) }).fill(sub.email);
    await dialog.getByRole('button', { name: whole(acc(lang, 'users_add_submit')) }).click();

    await expect(notification(page, lang, acc(lang, 'create_user_success', { email: sub.email }))).toBeVisible();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: acc(lang, 'users_table_label') });
    await expect(table.getByRole('row').filter({ hasText: sub.email })).toBeVisible();
    // One of one used: the limit is reached and Add is disabled.
    await expect(page.getByText(acc(lang, 'max_users_reached'))).toBeVisible();
    await expect(add).toBeDisabled();

    const mail = await waitForOobCode(sub.email, 'PASSWORD_RESET');
    expect(mail.oobLink).toContain('oobCode=');
  });

  test('the sub-user sets a password with the reset link and signs in to a reduced portal', async () => {
    const mail = await waitForOobCode(sub.email, 'PASSWORD_RESET');
    const code = new URL(mail.oobLink).searchParams.get('oobCode') ?? mail.oobCode;
    await resetPassword(code, sub.password);

    const page = subPage;
    await signIn(page, subLang, sub.email, sub.password);
    await expectSignedIn(page, subLang);
    await expect(navLink(page, subLang, 'nav_dashboard')).toBeVisible();
    await expect(navLink(page, subLang, 'nav_licenses')).toBeVisible();
    await expect(nav(page, subLang).getByRole('link', { name: whole(navLabel(subLang, 'nav_invoices')) })).toHaveCount(
      0,
    );
    await expect(
      nav(page, subLang).getByRole('link', { name: whole(navLabel(subLang, 'nav_user_management')) }),
    ).toHaveCount(0);
    await expect(profileLink(page, subLang)).toHaveCount(0);

    // Typed by hand: user management says it is for the main account only.
    await page.goto('/user-management');
    await expect(page.getByText(acc(subLang, 'users_not_available'))).toBeVisible();
    await expect(page.getByRole('button', { name: whole(acc(subLang, 'users_add')) })).toHaveCount(0);

    // The profile exists (typed by hand) but has no Database connection tab.
    await page.goto('/profile');
    await expectProfileLoaded(page, subLang);
    const tabs = profileTabs(page, subLang).getByRole('tab');
    await expect(tabs).toHaveCount(1);
    await expect(tabs).toHaveText(acc(subLang, 'tab_personal_data'));
  });

  test('with profile and AVV done, Buy only tells the sub-user that the parent must buy', async () => {
    const page = subPage;
    await fillAndSaveProfile(page, subLang, {
      firstName: 'Sam',
      lastName: 'Sub',
      companyName: '',
      countryLabel: 'Deutschland',
      street: 'Nebenweg',
      houseNumber: '3',
      postalCode: '10115',
      city: 'Berlin',
    });
    const dialog = avvDialog(page, subLang);
    await expect(dialog).toBeVisible();
    const accept = dialog.getByRole('button', { name: whole(acc(subLang, 'avv_dialog_accept')) });
    await expect(accept).toBeEnabled();
    await accept.click();
    await expect(notification(page, subLang, acc(subLang, 'success_avv_accepted'))).toBeVisible();
    await expect(dialog).toBeHidden();

    await openDashboard(page, subLang);
    // No database prerequisite for a sub-user; the parent has no fresh_desk license, so the card offers Buy.
    const buy = cardButton(page, subLang, 'fresh_desk', 'card_button_buy');
    await expect(buy).toBeVisible();
    await buy.click();
    const warning = notification(page, subLang, text(subLang, 'only_parent_can_buy'));
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(text(subLang, 'notification_warning'));
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the parent deletes the sub-user, who then cannot sign in', async () => {
    const page = parentPage;
    await page.goto('/user-management');
    const table = page.getByRole('table', { name: acc(lang, 'users_table_label') });
    await table.getByRole('button', { name: acc(lang, 'users_delete_aria', { name: sub.name }) }).click();
    const confirm = page.getByRole('dialog', { name: acc(lang, 'users_delete_title') });
    await expect(confirm).toContainText(sub.email);
    await confirm.getByRole('button', { name: whole(acc(lang, 'users_delete_confirm')) }).click();
    await expect(notification(page, lang, acc(lang, 'delete_user_success'))).toBeVisible();
    await expect(page.getByText(acc(lang, 'users_empty_title'))).toBeVisible();

    const { context, page: fresh } = await newSignedOutPage(page.context().browser() as Browser);
    try {
      await signIn(fresh, lang, sub.email, sub.password);
      await expect(
        notification(fresh, lang, oneOf(lang, 'error_invalid_credentials', 'error_user_not_found')),
      ).toBeVisible();
      await expect(fresh).toHaveURL(/\/login$/);
    } finally {
      await context.close();
    }
  });
});
