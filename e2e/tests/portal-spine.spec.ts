// Issue 'Portal spine': the journeys every other feature stands on, in real Chromium against the real stack
// (shell + remotes from dist, api on a temporary DATA_DIR, Firebase Auth emulator).
// Relies on: shell texts in shell/src/locales/*.json (read at run time), localStorage keys portal.language /
// portal.theme / portal.cookieConsent, the header (language toggle buttons named English/Deutsch, theme button,
// logout link), the sidebar <nav>, the remote error panel (an alert with a Retry button), and the demo logins
// seeded by the api with SEED_DEMO=true.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER, DEMO_STAFF } from '../support/env';
import { exact, navLabel, oneOf, staffText, text, whole } from '../support/locales';
import { emulatorOobCodes, expectSignedIn, presetPreferences, signIn, signOut, uniqueEmail } from '../support/portal';

function notification(page: Page, message: string | RegExp) {
  return page
    .getByRole('region', { name: text('en', 'notifications_region') })
    .getByRole('alert')
    .filter({ hasText: message });
}

function sidebarLink(page: Page, key: string) {
  return page
    .getByRole('navigation', { name: text('en', 'nav_label') })
    .getByRole('link', { name: whole(navLabel('en', key)) });
}

test.describe('Portal spine', () => {
  test('register → verification mail in the emulator → /profile?firstTime=true; sign out and in again', async ({
    page,
  }) => {
    await presetPreferences(page, { lang: 'en' });
    const email = uniqueEmail('register');
    const password = 'secret123';

    await page.goto('/register');
    await page.getByLabel(exact('en', 'email_label')).fill(email);
    await page.getByLabel(exact('en', 'password_label')).fill(password);
    await page.getByLabel(exact('en', 'password_repeat_label')).fill(password);
    await page.getByRole('checkbox', { name: text('en', 'terms_accept_label') }).check();
    await page.getByRole('button', { name: exact('en', 'register_button') }).click();

    await expect(page).toHaveURL(/\/profile\?firstTime=true$/);
    await expectSignedIn(page, 'en');
    await expect
      .poll(async () => (await emulatorOobCodes()).some((c) => c.email === email && c.requestType === 'VERIFY_EMAIL'), {
        message: `a VERIFY_EMAIL mail for ${email} in the emulator`,
      })
      .toBe(true);

    await signOut(page, 'en');
    await signIn(page, 'en', email, password);
    await expectSignedIn(page, 'en');
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a press on the sign-in button that the login page interrupts still signs in', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    // The sign-in bundle is held until the press has begun on index.html's static card.
    let releaseBundle!: () => void;
    const bundleHeld = new Promise<void>((resolve) => (releaseBundle = resolve));
    await page.route('**/sign-in/main.js', async (route) => {
      await bundleHeld;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel(exact('en', 'email_label')).fill(DEMO_SELLER.email);
    await page.getByLabel(exact('en', 'password_label')).fill(DEMO_SELLER.password);
    const staticButton = page.locator('#boot-login').getByRole('button', { name: exact('en', 'login_button') });
    const box = (await staticButton.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    releaseBundle();
    // The login page takes the card over while the button is held; the press ends on the login page's button.
    await expect(page.locator('#boot-login')).toHaveCount(0);
    await page.mouse.up();
    await expectSignedIn(page, 'en');
  });

  test('a wrong password shows the mapped sign-in message and stays on /login', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    await signIn(page, 'en', DEMO_SELLER.email, 'not-the-password');
    // The emulator answers auth/invalid-credential or auth/wrong-password depending on its email-privacy
    // setting; each maps to its own sign-in message, never to the generic one.
    const mapped = oneOf('en', 'error_invalid_credentials', 'error_wrong_password');
    await expect(notification(page, mapped)).toBeVisible();
    await expect(notification(page, mapped)).toContainText(text('en', 'notification_error'));
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the demo seller signs in; German is the default and the language choice survives a reload', async ({
    page,
  }) => {
    await presetPreferences(page); // no language preset: the default must be German
    await signIn(page, 'de', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'de');
    await expect(
      page
        .getByRole('navigation', { name: text('de', 'nav_label') })
        .getByRole('link', { name: whole(navLabel('de', 'nav_invoices')) }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'English' }).click();
    await expect(sidebarLink(page, 'nav_invoices')).toBeVisible();
    await page.reload();
    await expectSignedIn(page, 'en');
    await expect(sidebarLink(page, 'nav_invoices')).toBeVisible();
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expectSignedIn(page, 'de');
  });

  test('the theme toggle puts class dark on <html>, and it persists', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    await signIn(page, 'en', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'en');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: exact('en', 'theme_switch_to_dark') }).click();
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expectSignedIn(page, 'en');
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: exact('en', 'theme_switch_to_light') }).click();
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('a signed-out visit to /invoices lands on /login', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: exact('en', 'login_button') })).toBeVisible();
  });

  test('a remote that fails to load shows Retry inside the layout; navigation works; Retry loads it', async ({
    page,
  }) => {
    await presetPreferences(page, { lang: 'en' });
    let blocked = true;
    const blockedRequests: string[] = [];
    await page.route('**/remotes/mfe-gpsr/**', async (route) => {
      if (blocked) {
        blockedRequests.push(route.request().url());
        await route.abort('connectionrefused');
      } else {
        await route.continue();
      }
    });

    await signIn(page, 'en', DEMO_STAFF.email, DEMO_STAFF.password);
    await expectSignedIn(page, 'en');
    await page.goto('/features/gpsr');

    const panel = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: text('en', 'remote_load_error_title') });
    await expect(panel).toBeVisible();
    expect(blockedRequests.some((url) => url.includes('mf-manifest.json'))).toBe(true);
    await expectSignedIn(page, 'en');

    // The rest of the portal keeps working.
    await sidebarLink(page, 'nav_dashboard').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: exact('en', 'dashboard_title') })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/features\/gpsr$/);
    await expect(panel).toBeVisible();
    // A page of the shell's own in a lazily loaded chunk opens too (its chunk load does not wait on the broken remote).
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: staffText('en', 'staff_title') })).toBeVisible();
    await page.goto('/features/gpsr');
    await expect(panel).toBeVisible();

    blocked = false;
    await panel.getByRole('button', { name: exact('en', 'retry') }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: text('en', 'remote_load_error_title') }),
    ).toHaveCount(0);
  });

  test("remotes load at runtime on first visit and use the shell's single copy of every shared library", async ({
    page,
  }) => {
    await presetPreferences(page, { lang: 'en' });
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
    });
    await signIn(page, 'en', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'en');
    await sidebarLink(page, 'nav_licenses').click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await sidebarLink(page, 'nav_user_management').click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(manifests).toEqual(
      expect.arrayContaining(['/remotes/mfe-licenses/mf-manifest.json', '/remotes/mfe-account/mf-manifest.json']),
    );

    // Federation's share scope: every singleton has exactly one loaded version, provided by the shell.
    const loaded = await page.evaluate(() => {
      const out: Record<string, string[]> = {};
      const share =
        (
          window as unknown as {
            __FEDERATION__?: {
              __SHARE__?: Record<
                string,
                Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>
              >;
            };
          }
        ).__FEDERATION__?.__SHARE__ ?? {};
      for (const scopes of Object.values(share))
        for (const pkgs of Object.values(scopes))
          for (const [pkg, versions] of Object.entries(pkgs))
            for (const [version, entry] of Object.entries(versions))
              if (entry.loaded && !(out[pkg] ??= []).includes(`${version} from ${entry.from}`))
                out[pkg].push(`${version} from ${entry.from}`);
      return out;
    });
    for (const pkg of [
      'react',
      'react-dom',
      'react-router-dom',
      // MUI is shared per component folder: the theme, a component every page renders and the styling core.
      '@mui/material/styles',
      '@mui/material/Button',
      '@mui/system',
      '@emotion/react',
      '@emotion/styled',
      'i18next',
      'react-i18next',
      'zustand',
      '@portal/shared',
    ]) {
      expect(loaded[pkg], pkg).toHaveLength(1);
      expect(loaded[pkg][0], pkg).toMatch(/ from shell$/);
    }
    // Whatever else is shared (a component folder only a remote renders): one loaded copy each.
    for (const [pkg, copies] of Object.entries(loaded)) expect(copies, pkg).toHaveLength(1);
  });
});
