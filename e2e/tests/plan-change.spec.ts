// An upgrade of a live subscription, end to end: a seller who bought Fresh Desk Basic monthly (paid in the sandbox
// page through the real api) changes to Fresh Desk Optimal monthly on /licenses/buy → the dialog shows the credit for
// the unused part of Basic as its own negative row → paid in the sandbox window → /invoices lists the invoice, whose
// PDF carries the credit row → /licenses shows one subscription, now of Optimal. Setup through the real api (buying's
// UI is covered by buy.spec.ts). PLAN_CHANGE_SHOTS=1 saves the dialog in de/en × light/dark × 1280/390 px to
// e2e/artifacts/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, buyPaid, createReadySeller } from '../support/account/ready-seller';
import { escapeRegExp, lic, type Lang } from '../support/locales';
import { signInAs, storePreferences, uniqueEmail } from '../support/portal';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = path.join(repo, 'e2e', 'artifacts');
const texts = (file: string, lang: Lang) =>
  JSON.parse(fs.readFileSync(path.join(repo, file.replace('{lang}', lang)), 'utf8')) as Record<string, string>;
const fill = (value: string | undefined, key: string, params: Record<string, string>) => {
  if (typeof value !== 'string') throw new Error(`no text "${key}"`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => params[name] ?? all);
};
const buy = (lang: Lang, key: string, params: Record<string, string> = {}) =>
  fill(texts('shared/src/ui/buy/locales/{lang}.json', lang)[key], key, params);
const billing = (lang: Lang, key: string, params: Record<string, string> = {}) =>
  fill(texts('mfe-billing/src/locales/{lang}.json', lang)[key], key, params);

const FROM = 'Fresh Desk Basic';
const TO = 'Fresh Desk Optimal';
const seller = { email: uniqueEmail('upgrade'), password: 'secret123' };
const dialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: buy(lang, 'dialog_title') });
const creditText = (lang: Lang) => buy(lang, 'row_plan_change_credit', { plan: FROM });

interface ShownLicense {
  key: string;
  productId: string;
  productName: string;
  licenseExpired: string | null;
  subscription?: { id: string; status: string } | null;
}

/** Chooses Optimal monthly on the buy page and opens the dialog's confirm step with the server's quote. */
async function openChange(page: Page, lang: Lang) {
  await page.goto('/licenses/buy?plugin=fresh_desk');
  await page.getByRole('button', { name: buy(lang, 'billing_monthly'), exact: true }).click();
  const plan = page.getByRole('main').getByRole('article', { name: TO });
  await plan.getByRole('checkbox', { name: buy(lang, 'auto_upgrade_label') }).check();
  await plan.getByRole('button', { name: buy(lang, 'card_change_plan_named', { name: TO }) }).click();
  await expect(dialog(page, lang).getByRole('table', { name: buy(lang, 'dialog_table_label') })).toBeVisible();
}

async function shoot(page: Page) {
  if (process.env.PLAN_CHANGE_SHOTS !== '1') return;
  fs.mkdirSync(artifacts, { recursive: true });
  for (const lang of ['de', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await storePreferences(page, lang, theme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await openChange(page, lang);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(artifacts, `plan-change-dialog-${lang}-${theme}-${width}.png`) });
        await page.keyboard.press('Escape');
      }
    }
  }
  await storePreferences(page, 'en', 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('upgrade of a monthly subscription: credit in the dialog → paid in the sandbox → invoice with the credit → one subscription of the new plan', async ({
  page,
}) => {
  // Eight screenshots (each a fresh buy page and quote) need more than a journey's time.
  if (process.env.PLAN_CHANGE_SHOTS === '1') test.setTimeout(300_000);
  const lang: Lang = 'en';
  const token = await createReadySeller(seller, { firstName: 'Uwe', lastName: 'Upgrade', companyName: 'Upgrade KG' });
  await buyPaid(token, 'fresh_desk-basic-monthly');
  const before = (await apiCall<{ items: ShownLicense[] }>('GET', '/license/all', token)).items;
  expect(before).toHaveLength(1);

  await signInAs(page, lang, seller);
  await shoot(page);

  await openChange(page, lang);
  const order = dialog(page, lang);
  await expect(order.getByText(buy(lang, 'dialog_change_now', { plan: FROM }))).toBeVisible();
  const credit = order.getByRole('row', { name: new RegExp(escapeRegExp(creditText(lang))) });
  await expect(credit).toContainText(/-\d+,\d\d\s€/);

  const popupOpened = page.waitForEvent('popup');
  await order.getByRole('button', { name: /^Pay / }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /^(Pay|Bezahlen)$/ }).click();
  await popup.waitForEvent('close', { timeout: 30_000 });
  await expect(order.getByText(buy(lang, 'dialog_paid_title'))).toBeVisible({ timeout: 30_000 });
  await order.getByRole('button', { name: buy(lang, 'dialog_close') }).click();

  // /invoices: the plan change invoice, its PDF with the credit row.
  await page.goto('/invoices');
  const invoices = page.getByRole('table', { name: billing(lang, 'invoices_table_label') });
  await expect(invoices.getByText(billing(lang, 'invoices_status_paid'), { exact: true })).toHaveCount(2);
  const numbers = (await invoices.getByRole('cell').allInnerTexts())
    .map((cell) => cell.trim())
    .filter((cell) => /^RE-\d{4}-\d{6}$/.test(cell))
    .sort();
  const newest = numbers[numbers.length - 1];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoices.getByRole('button', { name: billing(lang, 'invoices_download_label', { name: newest }) }).click(),
  ]);
  const pdf = execFileSync('pdftotext', [await download.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(pdf).toContain(newest);
  expect(pdf).toMatch(
    new RegExp(`(${escapeRegExp(creditText('de'))}|${escapeRegExp(creditText('en'))}) .*-\\s?\\d+,\\d\\d`),
  );

  // /licenses: one subscription, the same license now of Optimal.
  const after = (await apiCall<{ items: ShownLicense[] }>('GET', '/license/all', token)).items;
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({
    key: before[0].key,
    productId: 'fresh_desk-optimal-monthly',
    licenseExpired: before[0].licenseExpired,
    subscription: { id: before[0].subscription!.id, status: 'Active' },
  });
  await page.goto('/licenses');
  const table = page.getByRole('table', { name: lic(lang, 'list_table_label') });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(`${TO}\\b`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(FROM) })).toHaveCount(0);
});
