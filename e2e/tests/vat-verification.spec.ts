// VAT IDs confirmed by VIES, as a seller sees it on the profile page: the e2e stack's api asks the local VIES simulator
// (scripts/vies-registry.json). A registered company's VAT ID is confirmed with its name; a made-up number whose check
// digits are right is unknown to VIES; a member state that cannot answer leaves it "not verified yet" with Retry.
// Setup through the real api (registration, German profile, AVV) — see ready-seller.ts. Relies on PostgreSQL at
// 127.0.0.1:5432 and DS_ALLOWED_HOSTS (global-setup), as createReadySeller does.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createReadySeller } from '../support/account/ready-seller';
import { expectProfileLoaded, notification, personalForm } from '../support/account/portal-ui';
import { acc, whole, type Lang } from '../support/locales';
import { signedInPage, uniqueEmail } from '../support/portal';

const lang: Lang = 'en';
const seller = { email: uniqueEmail('vies'), password: 'secret123' };

test.describe.serial('VAT ID checked with VIES on the profile page', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    await createReadySeller(seller, {
      firstName: 'Vera',
      lastName: 'Vies',
      companyName: 'Alpenblick Versandhandel GmbH',
    });
    ({ context, page } = await signedInPage(browser, lang, seller));
  });

  test.afterAll(async () => {
    await context?.close();
  });

  const status = () => page.getByRole('status', { name: acc(lang, 'profile_vat_status_label') });

  async function saveVatId(vatId: string) {
    const form = personalForm(page, lang);
    await form.getByRole('textbox', { name: whole(acc(lang, 'profile_vat_id')) }).fill(vatId);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/profile/contact') && r.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: whole(acc(lang, 'profile_save')) }).click();
    expect((await saved).status()).toBe(200);
    // The notification of this save (earlier saves' may still be showing).
    await expect(notification(page, lang, acc(lang, 'success_profile_updated')).last()).toBeVisible();
  }

  test('a registered company VAT ID is confirmed with its name and consultation number', async () => {
    await page.goto('/profile');
    await expectProfileLoaded(page, lang);
    await saveVatId('ATU13585627');
    await expect(status()).toContainText('Confirmed by VIES');
    await expect(status()).toContainText('Alpenblick Versandhandel GmbH');
    await expect(status()).toContainText(/Consultation number WAPI[A-Z0-9]{12}/);
    // Still there after a reload: the answer is stored with the profile.
    await page.reload();
    await expectProfileLoaded(page, lang);
    await expect(status()).toContainText('Alpenblick Versandhandel GmbH');
  });

  test('a made-up number with right check digits is unknown to VIES', async () => {
    await saveVatId('ATU12345675');
    await expect(status()).toContainText('does not know this VAT ID');
    await expect(status()).not.toContainText('Alpenblick');
  });

  test('when the member state cannot answer: "not verified yet" with a Retry that works by keyboard', async () => {
    await saveVatId('ATU10223006');
    await expect(status()).toContainText(acc(lang, 'profile_vat_unverified'));
    const retry = status().getByRole('button', { name: acc(lang, 'profile_vat_retry') });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(notification(page, lang, acc(lang, 'profile_vat_still_unverified'))).toBeVisible();
    await expect(retry).toBeEnabled();
  });
});
