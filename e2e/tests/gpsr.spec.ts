// GPSR records. The staff account (GPSR is an internal-only card; the demo seeds it a gpsr license)
// creates a product, answers points, attaches a PDF and a PNG, sees the progress in the list, downloads the ZIP
// (technical file PDF + both files), releases version 1, edits the draft, and downloads version 1 unchanged.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../support/env';
import { feature, type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn } from '../support/portal';
import { notification } from '../support/account/portal-ui';

const lang: Lang = 'en';
const g = (key: string, params: Record<string, string | number> = {}) => feature('mfe-gpsr', lang, key, params);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** 38 points in the questionnaire; two answered. */
const TWO_POINTS = Math.round((2 / 38) * 100);

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

function zipNames(zip: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-gpsr-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.zip'), zip);
    return execFileSync('zipinfo', ['-1', path.join(dir, 'a.zip')], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function downloadBy(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await saved(download) };
}

test('GPSR: answer, attach, see progress, download, release, edit, download the released version unchanged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `E2E Lamp ${Date.now().toString(36)}`;
  await presetPreferences(page, { lang });
  await signIn(page, lang, DEMO_STAFF.email, DEMO_STAFF.password);
  await expectSignedIn(page, lang);

  await page.goto('/features/gpsr');
  await page.getByRole('link', { name: g('list_add_product') }).click();
  await expect(page).toHaveURL(/\/features\/gpsr\/product\/add$/);

  await page.getByRole('textbox', { name: new RegExp(g('editor_name_label')) }).fill(name);
  await page
    .getByRole('textbox', {
      name: g('editor_answer_label', { title: 'General description of the product and its intended use' }),
    })
    .fill('A desk lamp with a USB-C power supply.');
  const reports = page.getByRole('region', { name: 'Outcome of test reports' });
  await reports.getByTestId('upload-t1q3p5').setInputFiles([
    { name: 'test-report.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'label.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(notification(page, lang, g('notify_files_added'))).toBeVisible();
  await expect(reports.getByText('test-report.pdf')).toBeVisible();
  await expect(reports.getByText('label.png')).toBeVisible();
  await expect(page.getByText(g('editor_progress', { progress: TWO_POINTS }))).toBeVisible();

  await page.getByRole('button', { name: g('editor_save') }).click();
  await expect(notification(page, lang, g('notify_created'))).toBeVisible();
  await expect(page).toHaveURL(/\/features\/gpsr\/product\/edit\/[0-9a-f-]{36}$/);

  // The list shows the new product with its progress.
  await page.goto('/features/gpsr');
  const table = page.getByRole('table', { name: g('list_table_label') });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('progressbar', { name: g('list_progress_label', { name }) })).toHaveAttribute(
    'aria-valuenow',
    String(TWO_POINTS),
  );

  const draft = await downloadBy(page, () =>
    row.getByRole('button', { name: g('list_download_named', { name }) }).click(),
  );
  expect(draft.name).toBe(`${name.toLowerCase().replace(/\W+/g, '-')}.zip`);
  const entries = zipNames(draft.bytes);
  expect(entries).toContain('technical-documentation.pdf');
  expect(entries).toContain('01-product-safety-and-risk-assessment/t1q3p5-1-test-report.pdf');
  expect(entries).toContain('01-product-safety-and-risk-assessment/t1q3p5-2-label.png');

  // Release version 1.
  await row.getByRole('link', { name: g('list_edit_named', { name }) }).click();
  await page.getByRole('button', { name: g('versions_release') }).click();
  await expect(notification(page, lang, g('notify_released', { number: 1 }))).toBeVisible();
  const v1 = await downloadBy(page, () =>
    page.getByRole('button', { name: g('versions_download_named', { number: 1 }) }).click(),
  );
  expect(zipNames(v1.bytes)).toEqual(entries);

  // Edit the draft; version 1 stays byte for byte the same.
  await page
    .getByRole('textbox', {
      name: g('editor_answer_label', { title: 'General description of the product and its intended use' }),
    })
    .fill('A desk lamp, now with a dimmer.');
  await page.getByRole('button', { name: g('editor_update') }).click();
  await expect(notification(page, lang, g('notify_updated'))).toBeVisible();
  await expect(page.getByRole('button', { name: g('versions_release') })).toBeEnabled();
  const v1Again = await downloadBy(page, () =>
    page.getByRole('button', { name: g('versions_download_named', { number: 1 }) }).click(),
  );
  expect(v1Again.bytes.equals(v1.bytes)).toBe(true);

  // Delete the product: the seller is told the released version is kept.
  await page.goto('/features/gpsr');
  await table
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: g('list_delete_named', { name }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: g('delete_confirm') })
    .click();
  await expect(notification(page, lang, g('notify_product_removed', { name }))).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
