// Steps shared by the journeys. Locators go by role and label, texts come from the shell's locale files.
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { EMULATOR_URL, PROJECT_ID } from './env';
import { exact, text, type Lang } from './locales';

/**
 * Sets language (and optionally theme) before the first page script runs, but only when the visitor has not
 * chosen yet: a later choice made through the UI survives reloads. Also answers the cookie banner, which
 * otherwise covers the bottom of the page. Keys: shell/src/services/preferences-store.ts and
 * shell/src/layout/CookieConsentBanner.tsx.
 */
export async function presetPreferences(page: Page, { lang, theme }: { lang?: Lang; theme?: 'light' | 'dark' } = {}) {
  await page.addInitScript(
    ({ lang, theme }) => {
      const init = (key: string, value: string | undefined) => {
        if (value && window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      };
      init('portal.language', lang);
      init('portal.theme', theme);
      init('portal.cookieConsent', 'necessary');
    },
    { lang, theme },
  );
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portal.test`;
}

export async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(exact(lang, 'email_label')).fill(email);
  await page.getByLabel(exact(lang, 'password_label')).fill(password);
  await page.getByRole('button', { name: exact(lang, 'login_button') }).click();
}

export async function expectSignedIn(page: Page, lang: Lang) {
  await expect(page.getByRole('navigation', { name: text(lang, 'nav_label') })).toBeVisible();
  await expect(page.getByRole('link', { name: exact(lang, 'logout') })).toBeVisible();
}

/** Presets the language, signs `user` in on the login page and waits for the signed-in shell. */
export async function signInAs(page: Page, lang: Lang, user: { email: string; password: string }) {
  await presetPreferences(page, { lang });
  await signIn(page, lang, user.email, user.password);
  await expectSignedIn(page, lang);
}

/**
 * A page in a browser context of its own, signed in as `user`: for a serial journey whose steps share one session
 * (the caller closes the context after the last step).
 */
export async function signedInPage(
  browser: Browser,
  lang: Lang,
  user: { email: string; password: string },
  contextOptions: BrowserContextOptions = {},
) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  await signInAs(page, lang, user);
  return { context, page };
}

/** Stores language and theme where the preferences menu does: the next page load shows them. */
export async function storePreferences(page: Page, lang: Lang, theme: 'light' | 'dark') {
  await page.evaluate(
    ([l, th]) => {
      window.localStorage.setItem('portal.language', l);
      window.localStorage.setItem('portal.theme', th);
    },
    [lang, theme],
  );
}

export async function signOut(page: Page, lang: Lang) {
  await page.getByRole('link', { name: exact(lang, 'logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
}

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** Mails the Auth emulator "sent" (it keeps them instead of sending). */
export async function emulatorOobCodes(): Promise<OobCode[]> {
  const response = await fetch(`${EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  expect(response.ok).toBe(true);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}
