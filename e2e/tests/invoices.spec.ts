// The demo seller's invoices page. The demo seeder makes the invoices the way a purchase does (quote →
// draft → finalizeInvoice with a number and the stored PDF/A-3b), two paid and one unpaid draft; the buy flow itself
// is covered by buy.spec.ts. The downloaded PDF is checked with poppler's pdftotext and pdfdetach.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER } from '../support/env';
import { type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn } from '../support/portal';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const billing = (lang: Lang, key: string, params: Record<string, string> = {}) => {
  const texts = JSON.parse(fs.readFileSync(path.join(repo, `mfe-billing/src/locales/${lang}.json`), 'utf8'));
  return (texts[key] as string).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => params[name] ?? '');
};
const NUMBER = /^RE-\d{4}-\d{6}$/;

async function openInvoices(page: Page, lang: Lang) {
  await presetPreferences(page, { lang });
  await signIn(page, lang, DEMO_SELLER.email, DEMO_SELLER.password);
  await expectSignedIn(page, lang);
  await page.goto('/invoices');
  return page.getByRole('table', { name: billing(lang, 'invoices_table_label') });
}

test.describe('Invoices page', () => {
  test('lists paid invoices with numbers and an unpaid draft, and downloads the stored PDF', async ({ page }) => {
    const table = await openInvoices(page, 'en');
    await expect(table).toBeVisible();
    // The 4 demo invoices: 2 paid, 1 not paid, 1 expired. Journeys that run the renewals job (it renews every
    // seller's subscriptions due on the day) may add paid renewal invoices of the demo seller, so paid ones are counted
    // from 2 up.
    await expect(table.getByText(billing('en', 'invoices_status_not_paid'), { exact: true })).toHaveCount(1);
    const paid = table.getByText(billing('en', 'invoices_status_paid'), { exact: true });
    expect(await paid.count()).toBeGreaterThanOrEqual(2);
    // The expired checkout: no number, no Pay now.
    const expired = table.getByRole('row').filter({ hasText: billing('en', 'invoices_status_expired') });
    await expect(expired).toHaveCount(1);
    await expect(expired.getByRole('button')).toHaveCount(0);
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();

    const numbers = (await table.getByRole('cell').allInnerTexts()).filter((cell) => NUMBER.test(cell.trim()));
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    const number = numbers[0].trim();

    const button = table.getByRole('button', { name: billing('en', 'invoices_download_label', { name: number }) });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = await download.path();
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const textOfPdf = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(textOfPdf).toContain(number);
    expect(textOfPdf).toContain('Schneider Haushaltswaren GmbH');
    expect(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })).toContain('factur-x.xml');
  });

  test('shows the German texts', async ({ page }) => {
    const table = await openInvoices(page, 'de');
    await expect(table).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: billing('de', 'invoices_title') })).toBeVisible();
    await expect(table.getByText(billing('de', 'invoices_status_not_paid'), { exact: true })).toHaveCount(1);
    expect(
      await table.getByText(billing('de', 'invoices_status_paid'), { exact: true }).count(),
    ).toBeGreaterThanOrEqual(2);
    await expect(table.getByText(billing('de', 'invoices_status_expired'), { exact: true })).toHaveCount(1);
    await expect(page.getByText(/^1–\d+ von \d+$/)).toBeVisible();
  });
});
