// A failed renewal payment, end to end with the sandbox's declining address: a seller whose login has `+decline`
// before the @ bought Fresh Desk Basic monthly (paid in the sandbox page) → staff run the renewals for a day within
// the renewal lead → the automatic charge is declined → the portal's banner says until when the license works, with
// "Jetzt bezahlen" → the renewal invoice's payment in the sandbox window → the banner is gone, the plugin's license
// check answers VALID with the next period. Setup through the real api (buying's UI is covered by buy.spec.ts).
// DUNNING_SHOTS=1 saves the banner in de/en × light/dark × 1280/390 px to e2e/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, DEMO_STAFF } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, buyPaid, createReadySeller } from '../support/account/ready-seller';
import { text, type Lang } from '../support/locales';
import { expectSignedIn, signInAs, storePreferences } from '../support/portal';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = path.join(repo, 'e2e', 'artifacts');
const DAY = 86_400_000;
const PRODUCT = 'Fresh Desk Basic';
// The sandbox declines every automatic charge of this seller (its test rule, like a provider's test card).
const seller = {
  email: `dunning-${Date.now()}-${Math.random().toString(36).slice(2, 8)}+decline@portal.test`,
  password: 'secret123',
};

interface ShownLicense {
  key: string;
  productName: string;
  licenseExpired: string | null;
  paymentGraceUntil?: string | null;
  subscription?: { status: string; renewalInvoice?: { id: string; paymentUrl: string | null } | null } | null;
}

async function license(token: string): Promise<ShownLicense> {
  const { items } = await apiCall<{ items: ShownLicense[] }>('GET', '/license/all', token);
  return items.find((l) => l.productName === PRODUCT)!;
}

const checkLicense = (key: string) =>
  apiCall<{ valid: boolean; code: string; expiresAt?: string | null; paymentGraceUntil?: string }>(
    'POST',
    '/license/check',
    null,
    { key, plugin: 'fresh_desk', identifier: { type: 'email', value: seller.email.toLowerCase() } },
  );

/**
 * Staff run the renewals for a day 2, 1 or 0 days before the period ends (within the renewal lead); a day another
 * journey already ran is skipped (the job runs once a day), so the next one is tried.
 */
async function runRenewalsUntilDeclined(token: string, periodEnd: Date) {
  const staff = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
  for (let back = 2; back >= -5; back -= 1) {
    const date = new Date(periodEnd.getTime() - back * DAY).toISOString().slice(0, 10);
    const run = await apiCall<{ ran: boolean }>('POST', '/subscription/renewals/run', staff, { date });
    if (run.ran && (await license(token)).subscription?.renewalInvoice) return;
  }
  throw new Error('no renewal run declined the charge');
}

const banner = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'payment_due_region') });

async function shoot(page: Page, lang: Lang) {
  if (process.env.DUNNING_SHOTS !== '1') return;
  fs.mkdirSync(artifacts, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await storePreferences(page, lang, theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await expectSignedIn(page, lang);
    await expect(banner(page, lang)).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForTimeout(300);
      await page.screenshot({
        path: path.join(artifacts, `dunning-banner-${lang}-${theme}-${width}.png`),
        fullPage: width === 390,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a declined renewal → banner with the grace end → Jetzt bezahlen → paid, the license valid again', async ({
  page,
}) => {
  const token = await createReadySeller(seller, {
    firstName: 'Doris',
    lastName: 'Dunning',
    companyName: 'Dunning Handel GmbH',
    city: 'Kassel',
    street: 'Königsplatz',
    houseNumber: '3',
    postalCode: '34117',
  });
  // Paid on the sandbox page (the decline rule is for automatic charges only).
  await buyPaid(token, 'fresh_desk-basic-monthly');
  const bought1 = await license(token);
  const periodEnd = new Date(bought1.licenseExpired!);
  expect((await checkLicense(bought1.key)).code).toBe('VALID');

  await runRenewalsUntilDeclined(token, periodEnd);
  const declined = await license(token);
  expect(declined.subscription?.status).toBe('Inactive');
  const graceUntil = new Date(periodEnd.getTime() + 14 * DAY);
  expect(declined.paymentGraceUntil).toBe(graceUntil.toISOString());
  // The plugin keeps working (the paid period runs, then the grace).
  expect(await checkLicense(declined.key)).toMatchObject({ valid: true, code: 'VALID' });

  const lang: Lang = 'de';
  await signInAs(page, lang, seller);
  const date = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    graceUntil,
  );
  await expect(banner(page, lang)).toContainText(text(lang, 'payment_due_title', { product: PRODUCT }));
  await expect(banner(page, lang)).toContainText(text(lang, 'payment_due_grace_text', { date }));
  await shoot(page, 'en');
  await shoot(page, 'de');
  await storePreferences(page, lang, 'light');
  await page.goto('/dashboard');
  await expectSignedIn(page, lang);

  // Jetzt bezahlen: the renewal invoice's sandbox page in the payment window.
  const popupOpened = page.waitForEvent('popup');
  await banner(page, lang)
    .getByRole('button', { name: text(lang, 'payment_due_pay_named', { product: PRODUCT }) })
    .click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(`${BASE_URL}${declined.subscription!.renewalInvoice!.paymentUrl!}`);
  await popup.getByRole('button', { name: /^(Pay|Bezahlen)$/ }).click();
  await popup.waitForEvent('close', { timeout: 30_000 });
  // The window closed: the licenses reload, the banner goes.
  await expect(banner(page, lang)).toBeHidden({ timeout: 30_000 });

  const paid = await license(token);
  const nextEnd = new Date(periodEnd.getTime() + 30 * DAY).toISOString();
  expect(paid).toMatchObject({ licenseExpired: nextEnd, paymentGraceUntil: null });
  expect(paid.subscription).toMatchObject({ status: 'Active', renewalInvoice: null });
  expect(await checkLicense(paid.key)).toEqual({
    valid: true,
    code: 'VALID',
    expiresAt: nextEnd,
    registrations: { used: 1, max: 1 },
  });
  await page.reload();
  await expectSignedIn(page, lang);
  await expect(banner(page, lang)).toBeHidden();
});
