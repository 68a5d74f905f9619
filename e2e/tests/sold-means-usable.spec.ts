// What a seller bought opens, whatever the card's audience; what a card offers is what its buy page sells.
// The demo seller is not staff but holds a GPSR license: the GPSR page opens (no card: GPSR's card is for staff).
// A seller staff open the Lieferbar card to follows its Buy to a page that sells the Lieferbar plans.
import { expect, test } from '@playwright/test';
import { DEMO_SELLER, DEMO_STAFF } from '../support/env';
import { buyText, cardTitle, feature, text, whole, type Lang } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, uniqueEmail } from '../support/portal';
import { idTokenFor } from '../support/account/emulator';
import { apiCall, createReadySeller } from '../support/account/ready-seller';

const lang: Lang = 'en';

test('the demo seller (not staff) opens the GPSR page of the license they hold', async ({ page }) => {
  test.setTimeout(120_000);
  await presetPreferences(page, { lang });
  await signIn(page, lang, DEMO_SELLER.email, DEMO_SELLER.password);
  await expectSignedIn(page, lang);
  // The card stays staff-only: the dashboard shows none.
  await expect(page.getByRole('article', { name: cardTitle(lang, 'gpsr') })).toHaveCount(0);

  await page.goto('/features/gpsr');
  await expect(
    page.getByRole('heading', { level: 1, name: whole(feature('mfe-gpsr', lang, 'products_title')) }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: feature('mfe-gpsr', lang, 'list_add_product') })).toBeVisible();
  await expect(page.getByRole('heading', { name: whole(text(lang, 'not_found_title')) })).toHaveCount(0);
});

type StaffEntry = Record<string, unknown> & { id: string; audience: { kind: string; emails?: string[] } };

/** Staff change the Lieferbar entry's audience through the api the console uses; answers the entry as it was. */
async function setLieferbarAudience(audience: StaffEntry['audience']): Promise<StaffEntry['audience']> {
  const token = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
  const { entries } = await apiCall<{ entries: StaffEntry[] }>('GET', '/staff/registry', token);
  const entry = entries.find((e) => e.id === 'lieferbar');
  if (!entry) throw new Error('the registry has no lieferbar entry');
  const {
    id: _id,
    updatedAt: _updatedAt,
    updatedBy: _updatedBy,
    liveRelease: _live,
    previewRelease: _preview,
    ...fields
  } = entry;
  await apiCall('PUT', '/staff/registry/lieferbar', token, { ...fields, audience });
  return entry.audience;
}

test("a seller the Lieferbar card is opened to follows its Buy to a page that sells Lieferbar's plans", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const seller = { email: uniqueEmail('lieferbar'), password: 'lieferbar123' };
  await createReadySeller(seller, { firstName: 'Lena', lastName: 'Lager', companyName: 'Lager & Co. KG' });
  const before = await setLieferbarAudience({ kind: 'sellers', emails: [seller.email] });
  try {
    await presetPreferences(page, { lang });
    await signIn(page, lang, seller.email, seller.password);
    await expectSignedIn(page, lang);
    const card = page.getByRole('article', { name: cardTitle(lang, 'lieferbar') });
    await card.getByRole('button', { name: new RegExp(`^${text(lang, 'card_button_buy')}`) }).click();
    await expect(page).toHaveURL(/\/licenses\/buy\?plugin=lieferbar$/);
    const heading = buyText(lang, 'header_title_with_plugin').replace('{{plugin}}', buyText(lang, 'plugin_lieferbar'));
    await expect(page.getByRole('heading', { level: 1, name: whole(heading) })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Lieferbar Basic Yearly' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('article', { name: 'Lieferbar Optimal Yearly' })).toBeVisible();
  } finally {
    await setLieferbarAudience(before);
  }
});
