// Overage approval: a seller with a fresh_desk Economical subscription (2000 emails included, bought and
// paid in the sandbox with the auto-upgrade consent) whose plugin reported 4500 emails for a month through the plugin
// route → staff run the month end for that month in the api process → the banner shows the subscription → Approve →
// the sandbox's consent page → Approve and pay (signed event → webhook → post-payment) → back on the dashboard with
// the result dialog saying success → the banner is gone and the overage invoice is paid. Also the freshdesk page's
// "emails this month". Setup through the real api (the UI of buying is covered by buy.spec.ts).
// OVERAGE_SHOTS=1 saves the banner and the freshdesk page in de/en × 1280/390 px to e2e/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, buyPaid, createReadySeller } from '../support/account/ready-seller';
import { exact, text, type Lang } from '../support/locales';
import { expectSignedIn, signInAs, uniqueEmail } from '../support/portal';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = path.join(repo, 'e2e', 'artifacts');
const freshdesk = (lang: Lang, key: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(repo, `mfe-freshdesk/src/locales/${lang}.json`), 'utf8')) as Record<
      string,
      string
    >
  )[key];

const seller = { email: uniqueEmail('overage'), password: 'secret123' };
const PRODUCT = 'Fresh Desk Economical';

/** A verified main user with a complete profile, the AVV and a data source, holding a paid fresh_desk subscription. */
async function subscribedSeller(): Promise<{ token: string; key: string }> {
  const token = await createReadySeller(seller, {
    firstName: 'Ole',
    lastName: 'Overage',
    companyName: 'Overage Versand GmbH',
    city: 'Bremen',
    street: 'Am Markt',
    houseNumber: '1',
    postalCode: '28195',
  });
  await buyPaid(token, 'fresh_desk-economical-monthly');
  const { items } = await apiCall<{ items: { key: string; productName: string; status: string }[] }>(
    'GET',
    '/license/all',
    token,
  );
  const license = items.find((l) => l.productName === PRODUCT);
  expect(license?.status).toBe('active');
  return { token, key: license!.key };
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const firstOfMonth = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};

/**
 * The plugin reports 4500 emails for a past month, then staff run that month's end. The api's scheduler closed last
 * month at start; a month a previous attempt of this journey closed already is skipped (the job runs once a month).
 */
async function overageForAPastMonth(key: string): Promise<string> {
  const staff = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
  for (let back = 2; back <= 11; back += 1) {
    const month = monthOf(firstOfMonth(-back));
    await apiCall('POST', '/license/usage', null, { key, emails_sent: 4500, month });
    const run = await apiCall<{ ran: boolean; period: string; summary: { pending?: number } | null }>(
      'POST',
      '/subscription/month-end/run',
      staff,
      {
        date: firstOfMonth(-back + 1)
          .toISOString()
          .slice(0, 10),
      },
    );
    expect(run.period).toBe(month);
    if (run.ran) return month;
  }
  throw new Error('no month left to close');
}

const banner = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'overage_banner_title') });

async function shoot(page: Page, name: string) {
  if (process.env.OVERAGE_SHOTS !== '1') return;
  fs.mkdirSync(artifacts, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(artifacts, `${name}-${width}.png`), fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.serial('Overage approval', () => {
  let key = '';
  let token = '';

  test.beforeAll(async () => {
    ({ key, token } = await subscribedSeller());
    // This month so far, for the freshdesk page.
    await apiCall('POST', '/license/usage', null, { key, emails_sent: 1234 });
  });

  test('the freshdesk page shows the emails used this month against the plan', async ({ page }) => {
    await signInAs(page, 'de', seller);
    await page.goto('/features/freshdesk');
    for (const lang of ['de', 'en'] as const) {
      if (lang === 'en') await page.getByRole('button', { name: 'English' }).click();
      const usage = page.getByRole('region', { name: freshdesk(lang, 'usage_title') });
      const summary = lang === 'de' ? '1.234 von 2.000 E-Mails genutzt' : '1,234 of 2,000 emails used';
      await expect(usage).toContainText(summary);
      await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '62');
      await shoot(page, `overage-freshdesk-${lang}`);
    }
    await page.getByRole('button', { name: 'Deutsch' }).click();
  });

  test('usage above the plan → month end → banner → approve in the sandbox → success → banner gone', async ({
    page,
  }) => {
    const lang: Lang = 'de';
    const month = await overageForAPastMonth(key);
    const pending = await apiCall<{ subscriptions_to_approve: { id: string }[] }>(
      'GET',
      '/subscription/overage/pending',
      token,
    );
    expect(pending.subscriptions_to_approve).toHaveLength(1);

    await signInAs(page, lang, seller);
    await expect(banner(page, lang)).toBeVisible();
    await expect(banner(page, lang)).toContainText(PRODUCT);
    await shoot(page, 'overage-banner-de');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(banner(page, 'en')).toBeVisible();
    await shoot(page, 'overage-banner-en');
    await page.getByRole('button', { name: 'Deutsch' }).click();

    await banner(page, lang)
      .getByRole('button', { name: text(lang, 'overage_approve_named', { name: PRODUCT }) })
      .click();
    // The sandbox's consent page in the same tab (a full-page redirect, no pop-up).
    await expect(page).toHaveURL(/\/api\/payment\/sandbox\/[A-Za-z0-9_-]+\/consent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mehrverbrauch freigeben' })).toBeVisible();
    const [year, mm] = month.split('-');
    await expect(page.getByRole('main')).toContainText(`E-Mail-Mehrverbrauch ${mm}/${year}`);
    // 4500 of 2000 → 3 blocks × 5 € = 15 € + 19 % VAT.
    await expect(page.getByRole('main')).toContainText('17,85');
    await page.getByRole('button', { name: 'Freigeben und bezahlen' }).click();

    await expect(page).toHaveURL(/\/dashboard\?overage_approval_result=true$/);
    const dialog = page.getByRole('dialog', { name: text(lang, 'approval_result_success_title') });
    await expect(dialog).toContainText(text(lang, 'approval_result_success_message'));
    await shoot(page, 'overage-result-de');
    await dialog.getByRole('button', { name: exact(lang, 'go_to_dashboard') }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner(page, lang)).toBeHidden();

    // One paid overage invoice (besides the subscription's own), and nothing left to approve.
    const invoices = await apiCall<{ invoice_list: { status: string; total: number; amount_with_vat: number }[] }>(
      'GET',
      `/invoice/list?email=${encodeURIComponent(seller.email)}&limit=10&offset=0`,
      token,
    );
    expect(invoices.invoice_list.filter((i) => i.status === 'Paid')).toHaveLength(2);
    const after = await apiCall<{ subscriptions_to_approve: unknown[] }>('GET', '/subscription/overage/pending', token);
    expect(after.subscriptions_to_approve).toEqual([]);
    await page.reload();
    await expectSignedIn(page, lang);
    await expect(banner(page, lang)).toBeHidden();
  });
});
