// The purchase dialog's quote for sellers outside Germany, as the api's one tax decision makes it: a Swiss company pays
// no German VAT and reads why, an Austrian company whose VAT ID VIES does not know pays Austria's 20 %. The
// dialog shows the server's quote (POST /api/invoice/quote); nothing is bought. Setup through the real api.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, createReadySeller } from '../support/account/ready-seller';
import { buyText } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, uniqueEmail } from '../support/portal';

const PLAN = 'Fresh Desk Basic Yearly';

async function sellerIn(address: Record<string, string>) {
  const seller = { email: uniqueEmail('tax'), password: 'secret123' };
  await createReadySeller(seller, { firstName: 'Tina', lastName: 'Tax', companyName: 'Tax Handel AG' });
  const token = await idTokenFor(seller.email, seller.password);
  await apiCall('PUT', '/user/profile/contact', token, {
    firstName: 'Tina',
    lastName: 'Tax',
    companyName: 'Tax Handel AG',
    street: 'Bahnhofstrasse',
    houseNumber: '1',
    invoiceEmail: '',
    ...address,
  });
  return seller;
}

/** The yearly Basic plan's card on the buy page, signed in as `seller`. */
async function openPlan(page: Page, seller: { email: string; password: string }, lang: 'de' | 'en') {
  await presetPreferences(page, { lang });
  await signIn(page, lang, seller.email, seller.password);
  await expectSignedIn(page, lang);
  await page.goto('/licenses/buy?plugin=fresh_desk');
  const plan = page.getByRole('main').getByRole('article', { name: PLAN });
  await expect(plan).toBeVisible();
  return plan;
}

/** Opens the plan's dialog (no extras) and answers it once the server's quote is in. */
async function openDialog(page: Page, plan: Locator, lang: 'de' | 'en') {
  await plan.getByRole('checkbox', { name: buyText(lang, 'auto_upgrade_label') }).check();
  await plan.getByRole('button', { name: buyText(lang, 'card_buy_named').replace('{{name}}', PLAN) }).click();
  const dialog = page.getByRole('dialog', { name: buyText(lang, 'dialog_title') });
  await expect(dialog.getByRole('table', { name: buyText(lang, 'dialog_table_label') })).toBeVisible();
  return dialog;
}

test('a Swiss company sees no German VAT and why, on the card and in the dialog’s quote', async ({ page }) => {
  const seller = await sellerIn({ country: 'CH', city: 'Zürich', postalCode: '8001', vatID: 'CHE123456788' });
  const plan = await openPlan(page, seller, 'en');
  await expect(plan.getByText('VAT 0 % (not taxable in Germany)')).toBeVisible();
  const dialog = await openDialog(page, plan, 'en');
  await expect(dialog.getByText('VAT 0 % (not taxable in Germany)')).toBeVisible();
  await expect(
    dialog.getByText(/Not taxable in Germany\. The place of supply is the recipient's country/),
  ).toBeVisible();
  // 199,00 € net, nothing added
  await expect(dialog.getByRole('button', { name: /199,00/ })).toBeVisible();
});

test('an Austrian company whose VAT ID VIES does not know sees Austria’s 20 % in German', async ({ page }) => {
  const seller = await sellerIn({ country: 'AT', city: 'Wien', postalCode: '1010', vatID: 'ATU12345675' });
  const dialog = await openDialog(page, await openPlan(page, seller, 'de'), 'de');
  await expect(dialog.getByText('Umsatzsteuer 20 % (Österreich)')).toBeVisible();
  await expect(dialog.getByText(/Umsatzsteuer des Landes des Leistungsempfängers \(Österreich\)/)).toBeVisible();
  // 199,00 € + 39,80 € VAT
  await expect(dialog.getByRole('button', { name: /238,80/ })).toBeVisible();
});
