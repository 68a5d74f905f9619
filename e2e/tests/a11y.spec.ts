// Issue (account): no serious or critical axe-core violation on the dashboard, the profile (both tabs), the AVV
// dialog, user management and the licenses screen, in the light and the dark theme. Signed in as the seeded demo
// seller (complete profile, accepted AVV, database connection, licenses, a mobile plan allowing sub-users).
// Every screen is checked even when an earlier one fails (soft assertions), so one run lists all findings.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER } from '../support/env';
import { acc, escapeRegExp, exact, lic, text, whole } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, uniqueEmail } from '../support/portal';
import { describeFindings, seriousViolations } from '../support/account/axe';
import {
  avvDialog,
  dataSourceForm,
  expectProfileLoaded,
  fillAndSaveProfile,
  openDashboard,
  profileTabs,
} from '../support/account/portal-ui';

const lang = 'en' as const;

async function check(page: Page, screen: string, include?: string) {
  const findings = await seriousViolations(page, include);
  expect.soft(findings.length, `${screen}: serious/critical axe violations\n${describeFindings(findings)}\n`).toBe(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: dashboard, profile tabs, AVV dialog, user management and licenses (${theme} theme)`, async ({ page }) => {
    test.setTimeout(150_000);
    await presetPreferences(page, { lang, theme });
    await signIn(page, lang, DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, lang);
    const dark = /(^|\s)dark(\s|$)/;
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(dark);
    else await expect(page.locator('html')).not.toHaveClass(dark);

    await openDashboard(page, lang);
    await check(page, `dashboard (${theme})`);

    await page.goto('/profile');
    await expectProfileLoaded(page, lang);
    await expect(page.getByRole('button', { name: whole(acc(lang, 'avv_show_contract')) })).toBeVisible();
    await check(page, `profile, personal data (${theme})`);

    await profileTabs(page, lang)
      .getByRole('tab', { name: new RegExp(`^${escapeRegExp(acc(lang, 'tab_database'))}`) })
      .click();
    await expect(dataSourceForm(page, lang)).toBeVisible();
    await check(page, `profile, database connection (${theme})`);

    await profileTabs(page, lang)
      .getByRole('tab', { name: acc(lang, 'tab_personal_data') })
      .click();
    await page.getByRole('button', { name: whole(acc(lang, 'avv_show_contract')) }).click();
    const dialog = avvDialog(page, lang);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(`iframe[title="${acc(lang, 'avv_dialog_pdf_title')}"]`)).toBeVisible();
    await check(page, `AVV dialog (${theme})`);
    await dialog.getByRole('button', { name: whole(acc(lang, 'avv_dialog_ok')) }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/user-management');
    await expect(page.getByRole('heading', { level: 1, name: whole(acc(lang, 'users_title')) })).toBeVisible();
    await expect(page.getByRole('button', { name: whole(acc(lang, 'users_add')) })).toBeEnabled();
    await check(page, `user management (${theme})`);

    await page.getByRole('button', { name: whole(acc(lang, 'users_add')) }).click();
    await expect(page.getByRole('dialog', { name: acc(lang, 'users_add_title') })).toBeVisible();
    await check(page, `user management, add dialog (${theme})`);
    await page.getByRole('button', { name: whole(acc(lang, 'cancel')) }).click();

    await page.goto('/licenses');
    await expect(page.getByRole('heading', { level: 1, name: whole(lic(lang, 'list_title')) })).toBeVisible();
    await expect(page.getByRole('table', { name: lic(lang, 'list_table_label') })).toBeVisible();
    await check(page, `licenses (${theme})`);
  });
}

test('axe: the AVV dialog before acceptance (Later / Accept), light and dark theme', async ({ page }) => {
  test.setTimeout(120_000);
  await presetPreferences(page, { lang, theme: 'light' });
  const password = 'secret123';
  await page.goto('/register');
  await page.getByLabel(exact(lang, 'email_label')).fill(uniqueEmail('a11y'));
  await page.getByLabel(exact(lang, 'password_label')).fill(password);
  await page.getByLabel(exact(lang, 'password_repeat_label')).fill(password);
  await page.getByRole('checkbox', { name: text(lang, 'terms_accept_label') }).check();
  await page.getByRole('button', { name: exact(lang, 'register_button') }).click();
  await expectProfileLoaded(page, lang);
  await fillAndSaveProfile(page, lang, {
    firstName: 'Ada',
    lastName: 'Axe',
    companyName: 'Axe Checks GmbH',
    countryLabel: 'Germany',
    street: 'Prüfweg',
    houseNumber: '1',
    postalCode: '20095',
    city: 'Hamburg',
  });

  const dialog = avvDialog(page, lang);
  const accept = dialog.getByRole('button', { name: whole(acc(lang, 'avv_dialog_accept')) });
  await expect(accept).toBeEnabled();
  await check(page, 'AVV dialog before acceptance (light)');

  await dialog.getByRole('button', { name: whole(acc(lang, 'avv_dialog_later')) }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: exact(lang, 'theme_switch_to_dark') }).click();
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.getByRole('button', { name: whole(acc(lang, 'avv_accept_button')) }).click();
  await expect(accept).toBeEnabled();
  await check(page, 'AVV dialog before acceptance (dark)');
});
