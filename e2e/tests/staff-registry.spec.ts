// The registry is data that staff edit in the console at /staff, live for sellers on their next page load.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL, DEMO_SELLER, DEMO_STAFF } from '../support/env';
import { idTokenFor } from '../support/account/emulator';
import { card, nav, navLink, notification, openDashboard } from '../support/account/portal-ui';
import { common, staffText, text, whole, type Lang } from '../support/locales';
import { signedInPage } from '../support/portal';
import { buildTemplateRemote, type TemplateRemote } from '../support/template-remote';

const lang: Lang = 'en';

/** A page in a context of its own, signed in as `account` (the context ends with the test's browser). */
const pageSignedInAs = async (browser: Browser, account: { email: string; password: string }): Promise<Page> =>
  (await signedInPage(browser, lang, account)).page;

/** The enable switch of a registry entry in the console's table. */
const enabledSwitch = (page: Page, id: string) =>
  page
    .getByRole('table', { name: staffText(lang, 'staff_registry_table_label') })
    .getByRole('switch', { name: staffText(lang, 'staff_entry_enabled_toggle', { id }) });

async function setMobileEnabled(staff: Page, enabled: boolean) {
  const toggle = enabledSwitch(staff, 'mobile');
  await expect(toggle).toBeEnabled();
  if ((await toggle.isChecked()) === enabled) return;
  await toggle.click();
  const done = staffText(lang, enabled ? 'staff_entry_enabled_done' : 'staff_entry_disabled_done', { id: 'mobile' });
  await expect(notification(staff, lang, done)).toBeVisible();
  await expect(toggle).toBeChecked({ checked: enabled });
}

test.describe('Staff registry', () => {
  test('staff disables the mobile card → a seller no longer sees it after reload; enabling brings it back', async ({
    browser,
  }) => {
    const seller = await pageSignedInAs(browser, DEMO_SELLER);
    await openDashboard(seller, lang);
    await expect(card(seller, lang, 'mobile')).toBeVisible();
    // Sellers have no Staff item and the console tells them so.
    await expect(navLink(seller, lang, 'nav_staff')).toHaveCount(0);

    const staff = await pageSignedInAs(browser, DEMO_STAFF);
    await navLink(staff, lang, 'nav_staff').click();
    await expect(staff.getByRole('heading', { level: 1, name: staffText(lang, 'staff_title') })).toBeVisible();
    try {
      await setMobileEnabled(staff, false);

      await seller.reload();
      await openDashboard(seller, lang);
      await expect(card(seller, lang, 'mobile')).toHaveCount(0);
      await seller.goto('/features/mobile-app');
      await expect(seller.getByRole('heading', { level: 1, name: text(lang, 'not_found_title') })).toBeVisible();

      // The audit log names who did it and what changed.
      await staff.getByRole('tab', { name: staffText(lang, 'staff_tab_audit') }).click();
      const latest = staff
        .getByRole('list', { name: staffText(lang, 'staff_audit_list_label') })
        .getByRole('listitem')
        .first();
      await expect(latest).toContainText('mobile');
      await expect(latest).toContainText(DEMO_STAFF.email);
      await expect(latest.getByRole('insertion')).toContainText('false');
      await staff.getByRole('tab', { name: staffText(lang, 'staff_tab_registry') }).click();
    } finally {
      await setMobileEnabled(staff, true);
    }
    await seller.reload();
    await openDashboard(seller, lang);
    await expect(card(seller, lang, 'mobile')).toBeVisible();
  });

  test('a seller at /staff sees "no access"', async ({ browser }) => {
    const seller = await pageSignedInAs(browser, DEMO_SELLER);
    await seller.goto('/staff');
    await expect(seller.getByText(staffText(lang, 'staff_no_access_title'))).toBeVisible();
    await expect(seller.getByRole('table')).toHaveCount(0);
  });
});

async function staffApi(method: 'POST' | 'DELETE', url: string, body?: unknown) {
  const token = await idTokenFor(DEMO_STAFF.email, DEMO_STAFF.password);
  return fetch(`${BASE_URL}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/**
 * Staff add `remote` to the registry through the api, enabled for everyone and loaded from `manifestUrl`. Its card
 * has no texts: title, description and picture come from the remote itself.
 */
async function registerRemote(
  remote: TemplateRemote,
  manifestUrl: string,
  { order, pluginName }: { order: number; pluginName: string },
) {
  const created = await staffApi('POST', '/staff/registry', {
    id: remote.id,
    remote: remote.federationName,
    manifestUrl,
    routes: [remote.route],
    enabled: true,
    audience: { kind: 'all' },
    comingSoon: false,
    buyWithoutFilling: true,
    order,
    card: { pluginName, configurePath: remote.route },
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

test.describe('A new remote at runtime', () => {
  test('staff register a remote built from the template and served on another port → a seller sees its card, nav entry and page after a reload; no shell rebuild, no api restart', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const remote = await buildTemplateRemote('e2e-hello', 'Hello Plugin');
    const blocked: string[] = [];
    try {
      const seller = await pageSignedInAs(browser, DEMO_SELLER);
      seller.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await openDashboard(seller, lang);
      await expect(seller.getByRole('main').getByRole('article', { name: remote.title })).toHaveCount(0);

      await registerRemote(remote, remote.manifestUrl, { order: 900, pluginName: 'e2e_hello' });

      // The portal server's CSP follows the registry within its short cache.
      await expect
        .poll(async () => (await fetch(`${BASE_URL}/dashboard`)).headers.get('content-security-policy') ?? '', {
          timeout: 15_000,
        })
        .toContain(remote.origin);

      // What the seller's page asks of the remote's server: its portal-remote.json, and its code only when used.
      const descriptors: string[] = [];
      const remoteScripts: string[] = [];
      seller.on('request', (request) => {
        if (!request.url().startsWith(remote.origin)) return;
        if (new URL(request.url()).pathname.endsWith('/portal-remote.json')) descriptors.push(request.url());
        if (request.resourceType() === 'script') remoteScripts.push(request.url());
      });
      await seller.reload();
      await openDashboard(seller, lang);
      const card = seller.getByRole('main').getByRole('article', { name: remote.title });
      await expect(card).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`^${remote.origin}/`));
      await expect(
        card.getByRole('button', { name: `${text(lang, 'card_button_buy')}: ${remote.title}` }),
      ).toBeVisible();

      const link = nav(seller, lang).getByRole('link', { name: whole(remote.title) });
      await expect(link).toBeVisible();
      // Card and nav entry were drawn from the remote's portal-remote.json (its build wrote it through the shared
      // preset): none of the remote's code has loaded before its page is opened.
      expect(descriptors.length).toBeGreaterThan(0);
      expect(remoteScripts, remoteScripts.join('\n')).toEqual([]);
      await link.click();
      await expect(seller).toHaveURL(new RegExp(`${remote.route}$`));
      await expect(seller.getByRole('main').getByRole('heading', { level: 1, name: remote.title })).toBeVisible();
      await expect(seller.getByText('this page comes from its own remote')).toBeVisible();
      expect(remoteScripts.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
      expect(blocked, blocked.join('\n')).toEqual([]);
    } finally {
      await staffApi('DELETE', `/staff/registry/${remote.id}`).catch(() => undefined);
      await remote.close();
    }
  });
});

/** The page of the remote as one caller sees it after a fresh page load: which release's text it shows. */
async function remoteGreeting(page: Page, remote: TemplateRemote): Promise<'first' | 'second'> {
  await page.goto(remote.route);
  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: remote.title });
  await expect(heading).toBeVisible();
  const second = page.getByText(SECOND_RELEASE_TEXT);
  const first = page.getByText('this page comes from its own remote');
  await expect(first.or(second)).toBeVisible();
  return (await second.count()) > 0 ? 'second' : 'first';
}

const SECOND_RELEASE_TEXT = 'this page comes from the second release';

/** The console's releases dialog of one entry, opened from its row. */
async function openReleases(staff: Page, id: string) {
  await staff.goto('/staff');
  await staff.getByRole('button', { name: staffText(lang, 'staff_releases_named', { id }) }).click();
  const dialog = staff.getByRole('dialog', { name: staffText(lang, 'staff_releases_title', { id }) });
  await expect(dialog.getByRole('list', { name: staffText(lang, 'staff_releases_list_label') })).toBeVisible();
  return dialog;
}

test.describe('Releases of a remote', () => {
  test('two releases of a template remote: staff preview the second (a seller keeps the first), promote it, roll back; an incompatible release is refused with the reason', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const remote = await buildTemplateRemote('e2e-release', 'Release Plugin');
    try {
      const second = await remote.rebuild((edit) => {
        edit.version('0.2.0');
        edit.text('greeting', `Hello {{name}}, ${SECOND_RELEASE_TEXT}.`);
      });
      // Built against another React major than the shell provides.
      const incompatible = await remote.rebuild((edit) => {
        edit.version('0.3.0');
        edit.dependency('react', '^19.0.0');
      });
      expect(second.id).toMatch(/^0\.2\.0-[0-9a-f]{10}$/);
      expect(second.manifestUrl).not.toBe(remote.release.manifestUrl);

      // The entry, with the first release added and live (the set-up; the console does the rest).
      await registerRemote(remote, remote.release.manifestUrl, { order: 910, pluginName: 'e2e_release' });
      const added = await staffApi('POST', `/staff/registry/${remote.id}/releases`, {
        manifestUrl: remote.release.manifestUrl,
      });
      expect(added.status, await added.clone().text()).toBe(201);
      const live = await staffApi('POST', `/staff/registry/${remote.id}/releases/${remote.release.id}/promote`);
      expect(live.status, await live.clone().text()).toBe(200);

      const seller = await pageSignedInAs(browser, DEMO_SELLER);
      const staff = await pageSignedInAs(browser, DEMO_STAFF);
      expect(await remoteGreeting(seller, remote)).toBe('first');

      // Add the second release and preview it: staff get it, the seller keeps the first.
      let dialog = await openReleases(staff, remote.id);
      await dialog.getByRole('textbox', { name: staffText(lang, 'staff_releases_add_label') }).fill(second.manifestUrl);
      await dialog.getByRole('button', { name: staffText(lang, 'staff_releases_add') }).click();
      await expect(
        notification(staff, lang, staffText(lang, 'staff_release_done_add', { release: second.id })),
      ).toBeVisible();
      await dialog
        .getByRole('button', { name: staffText(lang, 'staff_release_preview_named', { release: second.id }) })
        .click();
      await expect(
        notification(staff, lang, staffText(lang, 'staff_release_done_preview', { release: second.id })),
      ).toBeVisible();
      expect(await remoteGreeting(staff, remote)).toBe('second');
      expect(await remoteGreeting(seller, remote)).toBe('first');

      // Promote: everybody gets the second.
      dialog = await openReleases(staff, remote.id);
      await dialog
        .getByRole('button', { name: staffText(lang, 'staff_release_promote_named', { release: second.id }) })
        .click();
      await expect(
        notification(staff, lang, staffText(lang, 'staff_release_done_promote', { release: second.id })),
      ).toBeVisible();
      await expect(
        dialog
          .getByRole('listitem', { name: second.id })
          .getByText(staffText(lang, 'staff_release_chip_live'), { exact: true }),
      ).toBeVisible();
      expect(await remoteGreeting(seller, remote)).toBe('second');

      // One click back to the first.
      dialog = await openReleases(staff, remote.id);
      await dialog
        .getByRole('button', { name: staffText(lang, 'staff_releases_rollback', { release: remote.release.id }) })
        .click();
      await expect(
        notification(staff, lang, staffText(lang, 'staff_release_done_rollback', { release: remote.release.id })),
      ).toBeVisible();
      expect(await remoteGreeting(seller, remote)).toBe('first');

      // A release built against React 19 is refused, and says why; it is not listed and nobody gets it.
      dialog = await openReleases(staff, remote.id);
      await dialog
        .getByRole('textbox', { name: staffText(lang, 'staff_releases_add_label') })
        .fill(incompatible.manifestUrl);
      await dialog.getByRole('button', { name: staffText(lang, 'staff_releases_add') }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(staffText(lang, 'staff_release_failed_add'));
      await expect(alert).toContainText(common(lang, 'api_error_release_incompatible'));
      await expect(alert.getByRole('listitem')).toHaveText([
        `react: ${common(lang, 'api_error_release_library_major')}`,
      ]);
      await expect(dialog.getByRole('listitem', { name: incompatible.id })).toHaveCount(0);
      expect(await remoteGreeting(seller, remote)).toBe('first');

      // Every step is in the audit log, by the staff member.
      await staff.goto('/staff?tab=audit');
      const log = staff.getByRole('list', { name: staffText(lang, 'staff_audit_list_label') });
      for (const key of ['staff_audit_action_rollback', 'staff_audit_action_promote', 'staff_audit_action_preview']) {
        await expect(
          log
            .getByRole('listitem')
            .filter({ has: staff.getByText(staffText(lang, key), { exact: true }) })
            .first(),
        ).toContainText(DEMO_STAFF.email);
      }
    } finally {
      await staffApi('DELETE', `/staff/registry/${remote.id}`).catch(() => undefined);
      await remote.close();
    }
  });
});
