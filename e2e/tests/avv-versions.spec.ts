// AVV versions: staff publish a new AVV version → a seller who accepted the previous one sees the banner,
// reviews the change summary and the word diff in the dialog and accepts → the profile lists both versions in the
// acceptance history, and the sub-processors of the version in force.
// Staff publish through POST /api/avv/versions (the console form of helper `staffui` calls the same route).
// A published version is in force for every account of this stack: afterAll accepts it for the demo accounts again,
// so the journeys after this file still meet sellers with an accepted AVV.
import { expect, test, type Page } from '@playwright/test';
import { SELLER_CONTACT } from '../../scripts/seller-contact.cjs';
import { BASE_URL, DEMO_SELLER, DEMO_STAFF, EMULATOR_URL } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { acc, escapeRegExp, text } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, uniqueEmail } from '../support/portal';

const EMULATOR = process.env.E2E_EMULATOR_URL || EMULATOR_URL;
const lang = 'en' as const;
const suffix = Math.random().toString(36).slice(2, 7);
const label = `e2e-${suffix}`;
const seller = { email: uniqueEmail('avv-seller'), password: 'secret123' };
const NEW_SENTENCE = `Neu ${suffix}: Unterauftragsverarbeiter werden vier Wochen vorab angekündigt.`;
const NEW_SENTENCE_EN = `New ${suffix}: sub-processors are announced four weeks in advance.`;
const NEW_SUBPROCESSOR = { name: `Beispiel Hosting ${suffix} AG`, purpose: 'Hosting', location: 'Frankfurt am Main' };

async function api<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const raw = await response.text();
  return { status: response.status, json: (raw ? JSON.parse(raw) : null) as T };
}

/** A seller with a complete profile who accepted the AVV in force (through the api, as onboarding would). */
async function createSellerWithAcceptedAvv(): Promise<string> {
  const signUp = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seller.email, password: seller.password, returnSecureToken: true }),
  });
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
  expect((await api('POST', '/user', idToken, { Id: localId, Email: seller.email })).status).toBe(201);
  const contact = await api('PUT', '/user/profile/contact', idToken, {
    ...SELLER_CONTACT,
    firstName: 'Vera',
    lastName: 'Version',
    companyName: `Versionen ${suffix} GmbH`,
    vatID: '',
  });
  expect(contact.status).toBe(200);
  expect((await api('POST', '/user/profile/avv-accepted-date', idToken)).status).toBe(200);
  return idToken;
}

interface Version {
  id: string;
  version: string;
  text: { de: string; en: string };
  subProcessors: { name: string; purpose: string; location: string }[];
}

async function acceptCurrentFor(account: { email: string; password: string }) {
  const token = await idTokenFor(account.email, account.password);
  const current = await api<{ current: Version }>('GET', '/avv/current', token);
  await api('POST', '/avv/accept', token, { versionId: current.json.current.id });
}

test.describe.serial('AVV versions: publish → re-accept → history', () => {
  let page: Page;
  let previous: Version;

  test.beforeAll(async ({ browser }) => {
    const sellerToken = await createSellerWithAcceptedAvv();
    previous = (await api<{ current: Version }>('GET', '/avv/current', sellerToken)).json.current;
    page = await browser.newPage();
    await presetPreferences(page, { lang });
  });

  test.afterAll(async () => {
    await page?.close();
    // Leave the demo accounts with an accepted AVV for the journeys that follow.
    for (const account of [DEMO_SELLER, DEMO_STAFF]) await acceptCurrentFor(account).catch(() => undefined);
  });

  test('a seller cannot publish; staff publish a new version effective today', async () => {
    const input = {
      version: label,
      effectiveDate: new Date().toISOString().slice(0, 10),
      summary: {
        de: 'Neue Ankündigungsfrist für Unterauftragsverarbeiter und ein neuer Hosting-Anbieter.',
        en: 'New notice period for sub-processors and a new hosting provider.',
      },
      text: { de: `${previous.text.de}\n\n${NEW_SENTENCE}`, en: `${previous.text.en}\n\n${NEW_SENTENCE_EN}` },
      subProcessors: [...previous.subProcessors, NEW_SUBPROCESSOR],
    };
    const sellerToken = await idTokenFor(seller.email, seller.password);
    expect((await api('POST', '/avv/versions', sellerToken, input)).status).toBe(403);

    const staffToken = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
    const published = await api<Version>('POST', '/avv/versions', staffToken, input);
    expect(published.status).toBe(201);
    expect(published.json.version).toBe(label);
  });

  test('the seller sees the banner, reviews summary and diff in the dialog and accepts', async () => {
    await signIn(page, lang, seller.email, seller.password);
    await expectSignedIn(page, lang);
    const banner = page.getByRole('region', { name: text(lang, 'avv_banner_title') });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(label);

    await banner.getByRole('button', { name: text(lang, 'avv_banner_review') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'avv_review_title', { version: label }) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('New notice period for sub-processors and a new hosting provider.');
    const diff = dialog.getByRole('region', {
      name: text(lang, 'avv_review_diff_label', { from: previous.version, to: label }),
    });
    await expect(diff.locator('ins')).toContainText(`New ${suffix}:`);
    await expect(diff.locator('del')).toHaveCount(0);
    await expect(dialog.getByRole('listitem').filter({ hasText: NEW_SUBPROCESSOR.name })).toContainText(
      text(lang, 'avv_review_subprocessor_new'),
    );

    await dialog.getByRole('button', { name: text(lang, 'avv_review_accept', { version: label }) }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(text(lang, 'avv_accepted_message', { version: label }))).toBeVisible();
    await expect(banner).toBeHidden();
    await page.reload();
    await expectSignedIn(page, lang);
    await expect(page.getByRole('region', { name: text(lang, 'avv_banner_title') })).toHaveCount(0);
  });

  test('the profile shows both versions in the history and the new sub-processor', async () => {
    await page.goto('/profile');
    const history = page.getByRole('table', { name: acc(lang, 'avv_history_title') });
    await expect(history).toBeVisible();
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(3); // header + two acceptances
    await expect(rows.nth(1)).toContainText(label);
    await expect(rows.nth(1)).toContainText(seller.email);
    await expect(rows.nth(2)).toContainText(previous.version);
    const subProcessors = page.getByRole('table', { name: acc(lang, 'avv_subprocessors_title', { version: label }) });
    await expect(
      subProcessors.getByRole('row', { name: new RegExp(escapeRegExp(NEW_SUBPROCESSOR.name)) }),
    ).toBeVisible();
    await expect(page.getByText(acc(lang, 'avv_history_in_force_accepted'))).toBeVisible();
  });
});
