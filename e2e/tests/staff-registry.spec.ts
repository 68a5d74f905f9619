// Issue 12: the registry is data that staff edit in the console at /staff, live for sellers on their next page load.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_SELLER, DEMO_STAFF } from '../support/env';
import { card, navLink, notification, openDashboard } from '../support/account/portal-ui';
import { staffText, text, type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn } from '../support/portal';

const lang: Lang = 'en';

async function signedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await presetPreferences(page, { lang });
  await signIn(page, lang, account.email, account.password);
  await expectSignedIn(page, lang);
  return page;
}

/** The enable switch of a registry entry in the console's table. */
const enabledSwitch = (page: Page, id: string) =>
  page
    .getByRole('table', { name: staffText(lang, 'staff_registry_table_label') })
    .getByRole('switch', { name: staffText(lang, 'staff_entry_enabled_toggle', { id }) });

async function setMobileEnabled(staff: Page, enabled: boolean) {
  const toggle = enabledSwitch(staff, 'mobile');
  await expect(toggle).toBeEnabled();
  if ((await toggle.isChecked()) === enabled) return;
  await toggle.click();
  const done = staffText(lang, enabled ? 'staff_entry_enabled_done' : 'staff_entry_disabled_done', { id: 'mobile' });
  await expect(notification(staff, lang, done)).toBeVisible();
  await expect(toggle).toBeChecked({ checked: enabled });
}

test.describe('Staff registry', () => {
  test('staff disables the mobile card → a seller no longer sees it after reload; enabling brings it back', async ({
    browser,
  }) => {
    const seller = await signedInPage(browser, DEMO_SELLER);
    await openDashboard(seller, lang);
    await expect(card(seller, lang, 'mobile')).toBeVisible();
    // Sellers have no Staff item and the console tells them so.
    await expect(navLink(seller, lang, 'nav_staff')).toHaveCount(0);

    const staff = await signedInPage(browser, DEMO_STAFF);
    await navLink(staff, lang, 'nav_staff').click();
    await expect(staff.getByRole('heading', { level: 1, name: staffText(lang, 'staff_title') })).toBeVisible();
    try {
      await setMobileEnabled(staff, false);

      await seller.reload();
      await openDashboard(seller, lang);
      await expect(card(seller, lang, 'mobile')).toHaveCount(0);
      await seller.goto('/features/mobile-app');
      await expect(seller.getByRole('heading', { level: 1, name: text(lang, 'not_found_title') })).toBeVisible();

      // The audit log names who did it and what changed.
      await staff.getByRole('tab', { name: staffText(lang, 'staff_tab_audit') }).click();
      const latest = staff
        .getByRole('list', { name: staffText(lang, 'staff_audit_list_label') })
        .getByRole('listitem')
        .first();
      await expect(latest).toContainText('mobile');
      await expect(latest).toContainText(DEMO_STAFF.email);
      await expect(latest.getByRole('insertion')).toContainText('false');
      await staff.getByRole('tab', { name: staffText(lang, 'staff_tab_registry') }).click();
    } finally {
      await setMobileEnabled(staff, true);
    }
    await seller.reload();
    await openDashboard(seller, lang);
    await expect(card(seller, lang, 'mobile')).toBeVisible();
  });

  test('a seller at /staff sees "no access"', async ({ browser }) => {
    const seller = await signedInPage(browser, DEMO_SELLER);
    await seller.goto('/staff');
    await expect(seller.getByText(staffText(lang, 'staff_no_access_title'))).toBeVisible();
    await expect(seller.getByRole('table')).toHaveCount(0);
  });
});
