#!/usr/bin/env node
// npm run screenshots -w e2e → PNGs of the main screens in de/en × light/dark × 1280/390 px in e2e/artifacts/.
// Starts its own stack (ports SHOT_PORT 8192 / SHOT_API_PORT 3292, temporary DATA_DIR, the Auth emulator on
// SHOT_EMULATOR_PORT 9099 reused when running) unless BASE_URL points at a running portal (e.g. BASE_URL=http://localhost:8080 after
// npm start). Signs in as the demo seller (AVV screens: two sellers of their own, see prepareAvvAccounts). Preferences are preset through the shell's localStorage keys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SELLER_CONTACT } from '../scripts/seller-journey.mjs';
import { answers, buildBundles, startApi, startAuthEmulator, startPortalServer, stopAll } from '../scripts/stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'artifacts');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const seller = { email: 'demo@portal.test', password: 'demo1234' };
const staff = { email: 'staff@portal.test', password: 'staff1234' };
const readLocale = (pkg, lang) =>
  JSON.parse(fs.readFileSync(path.join(here, `../${pkg}/src/locales/${lang}.json`), 'utf8'));
const locales = { de: readLocale('shell', 'de'), en: readLocale('shell', 'en') };
const staffLocales = {
  de: JSON.parse(fs.readFileSync(path.join(here, '../shell/src/locales/staff/de.json'), 'utf8')),
  en: JSON.parse(fs.readFileSync(path.join(here, '../shell/src/locales/staff/en.json'), 'utf8')),
};
const accountLocales = { de: readLocale('mfe-account', 'de'), en: readLocale('mfe-account', 'en') };
const gpsrLocales = { de: readLocale('mfe-gpsr', 'de'), en: readLocale('mfe-gpsr', 'en') };
const readBuyLocale = (lang) =>
  JSON.parse(fs.readFileSync(path.join(here, `../shared/src/ui/buy/locales/${lang}.json`), 'utf8'));
const buyLocales = { de: readBuyLocale('de'), en: readBuyLocale('en') };
const ONLY = process.env.SHOT_ONLY ? new RegExp(process.env.SHOT_ONLY) : null;

const PUBLIC_SCREENS = [
  ['login', '/login'],
  ['register', '/register'],
  ['forgot-password', '/forgot-password'],
];
const SIGNED_IN_SCREENS = [
  ['dashboard', '/dashboard'],
  ['invoices', '/invoices'],
  ['licenses', '/licenses'],
  ['licenses-buy', '/licenses/buy?plugin=fresh_desk'],
  ['licenses-buy-mobile', '/licenses/buy?plugin=mobile'],
  ['licenses-buy-gpsr', '/licenses/buy?plugin=gpsr'],
  ['licenses-buy-default', '/licenses/buy'],
  ['profile', '/profile'],
  ['user-management', '/user-management'],
  ['freshdesk', '/features/freshdesk'],
  ['mobile-app', '/features/mobile-app'],
  ['content-master', '/features/content-master'],
  ['profile-first-time', '/profile?firstTime=true'],
  ['not-found', '/no-such-page'],
];
/** The dashboard when a part of the session fails to load: [name, the api request answered with a server error]. */
const FAILED_PART_SCREENS = [
  ['dashboard-licenses-failed', /\/api\/license\/all\b/],
  ['dashboard-profile-failed', /\/api\/user\/profile\/contact$/],
];
/** Screens that need a click after loading: [name, url, action(page, lang)]. Dialogs are shot in the viewport only. */
const INTERACTIVE_SCREENS = [
  [
    'profile-database',
    '/profile',
    (page, lang) => page.getByRole('tab', { name: accountLocales[lang].tab_database }).click(),
  ],
  [
    'profile-avv-dialog',
    '/profile',
    (page, lang) => page.getByRole('button', { name: accountLocales[lang].avv_show_contract, exact: true }).click(),
  ],
  [
    'licenses-buy-dialog',
    '/licenses/buy?plugin=gpsr',
    (page, lang) =>
      page
        .getByRole('main')
        .getByRole('article', { name: 'GPSR Basic Yearly' })
        .getByRole('button', { name: buyLocales[lang].card_buy_named.replace('{{name}}', 'GPSR Basic Yearly') })
        .click()
        .then(() => page.getByRole('dialog').getByRole('table').waitFor()),
  ],
  [
    'user-management-add',
    '/user-management',
    (page, lang) => page.getByRole('button', { name: accountLocales[lang].users_add, exact: true }).click(),
  ],
];
const STAFF_SCREENS = [
  ['staff-dashboard', '/dashboard'],
  ['gpsr', '/features/gpsr'],
  ['gpsr-editor-add', '/features/gpsr/product/add'],
  ['staff', '/staff'],
  ['staff-audit', '/staff?tab=audit'],
  ['staff-avv', '/staff?tab=avv'],
];
/** Staff console dialogs: [name, url, action(page, lang)], shot in the viewport. */
const STAFF_DIALOGS = [
  [
    'staff-edit',
    '/staff',
    (page, lang) =>
      page
        .getByRole('button', { name: staffLocales[lang].staff_edit_named.replace('{{id}}', 'mobile'), exact: true })
        .click(),
  ],
  [
    'staff-avv-publish',
    '/staff?tab=avv',
    (page, lang) => page.getByRole('button', { name: staffLocales[lang].staff_avv_publish_new, exact: true }).click(),
  ],
];

/** The staff account's first GPSR product, created through the editor when the list is still empty. */
async function ensureGpsrProduct(page, lang) {
  const g = gpsrLocales[lang];
  await page.goto('/features/gpsr');
  await settle(page);
  if (await page.getByRole('table').count()) return;
  await page.goto('/features/gpsr/product/add');
  await page.getByRole('textbox', { name: new RegExp(g.editor_name_label) }).fill('Kinder-Trinkflasche 350 ml');
  const answers = page.getByRole('textbox', { name: new RegExp(`^${g.editor_answer_label.split('{{')[0]}`) });
  await answers.nth(0).fill('Edelstahlflasche 350 ml mit Silikon-Trinkhalm, für Kinder ab 3 Jahren.');
  await answers.nth(1).fill('Edelstahl 18/8, lebensmittelechtes Silikon, keine Batterien.');
  await answers.nth(4).fill('Scharfe Kanten am Gewinde, Verbrühung bei heißen Getränken.');
  await page.getByRole('button', { name: g.editor_save }).click();
  await page.waitForURL(/\/features\/gpsr\/product\/edit\//);
}

const AVV_SCREENS = ['avv-banner', 'avv-dialog', 'avv-profile'];
let avvAccounts = null;

/**
 * AVV version screens: two sellers who accepted the version in force, then staff publish a new one; seller A
 * keeps the old acceptance (banner, dialog), seller B accepts the new one (profile history with both versions).
 * The demo accounts accept the new version at once, so the other screens show no banner.
 */
async function prepareAvvAccounts(baseUrl) {
  if (avvAccounts) return avvAccounts;
  const emulator = `http://127.0.0.1:${Number(process.env.SHOT_EMULATOR_PORT || 9099)}/identitytoolkit.googleapis.com/v1`;
  const call = async (method, url, token, body) => {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const raw = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${raw}`);
    return raw ? JSON.parse(raw) : null;
  };
  const identity = async (endpoint, email, password) => {
    const response = await fetch(`${emulator}/${endpoint}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${endpoint} ${email}: ${JSON.stringify(body)}`);
    return body;
  };
  const tokenOf = async (account) =>
    (await identity('accounts:signInWithPassword', account.email, account.password)).idToken;
  const suffix = Math.random().toString(36).slice(2, 7);
  const accounts = ['a', 'b'].map((k) => ({ email: `avv-shots-${k}-${suffix}@portal.test`, password: 'avvshots123' }));
  for (const [index, account] of accounts.entries()) {
    const { idToken, localId } = await identity('accounts:signUp', account.email, account.password);
    await call('POST', '/user', idToken, { Id: localId, Email: account.email });
    await call('PUT', '/user/profile/contact', idToken, {
      ...SELLER_CONTACT,
      firstName: index ? 'Bernd' : 'Anna',
      lastName: 'Beispiel',
      companyName: 'Beispiel Versand GmbH',
      vatID: '',
    });
    await call('POST', '/user/profile/avv-accepted-date', idToken);
  }
  const staffToken = await tokenOf(staff);
  const { current } = await call('GET', '/avv/current', staffToken);
  const today = new Date().toISOString().slice(0, 10);
  await call('POST', '/avv/versions', staffToken, {
    version: `${today.slice(0, 7)}-${suffix}`,
    effectiveDate: today,
    summary: {
      de: 'Neuer Hosting-Anbieter in Frankfurt am Main; Meldung von Datenschutzverletzungen binnen 12 statt 24 Stunden.',
      en: 'New hosting provider in Frankfurt am Main; data breaches reported within 12 instead of 24 hours.',
    },
    text: {
      de:
        current.text.de.replace('spätestens binnen 24 Stunden', 'spätestens binnen 12 Stunden') +
        '\n\n## 11. Ankündigung neuer Unterauftragsverarbeiter\n\nNeue Unterauftragsverarbeiter kündigt der Auftragnehmer mindestens vier Wochen vorab per E-Mail an.',
      en:
        current.text.en.replace('at the latest within 24 hours', 'at the latest within 12 hours') +
        '\n\n## 11. Notice of new sub-processors\n\nThe processor announces new sub-processors by email at least four weeks in advance.',
    },
    subProcessors: [
      ...current.subProcessors.slice(1),
      {
        name: 'Beispiel Rechenzentrum Frankfurt GmbH',
        purpose: 'Hosting / hosting',
        location: 'Frankfurt am Main, DE',
      },
    ],
  });
  for (const account of [seller, staff, accounts[1]]) {
    const token = await tokenOf(account);
    const state = await call('GET', '/avv/current', token);
    await call('POST', '/avv/accept', token, { versionId: state.current.id });
  }
  avvAccounts = { pending: accounts[0], accepted: accounts[1] };
  return avvAccounts;
}

async function startStack() {
  const port = Number(process.env.SHOT_PORT || 8192);
  const apiPort = Number(process.env.SHOT_API_PORT || 3292);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shots-'));
  const started = [];
  const stop = async () => {
    await stopAll(started);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await buildBundles();
    const emulatorPort = Number(process.env.SHOT_EMULATOR_PORT || 9099);
    if (!(await answers(`http://127.0.0.1:${emulatorPort}/`))) {
      started.push(
        await startAuthEmulator({ port: emulatorPort, persistDir: null, workDir: path.join(dataDir, 'emulator') }),
      );
    }
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    // One script drives ~300 api calls a minute from one address: lift the per-address limit so late shots do not
    // show "Too many requests" instead of the page.
    started.push(
      await startApi({
        port: apiPort,
        dataDir: path.join(dataDir, 'data'),
        emulatorHost,
        env: { RATE_LIMIT_MAX: '1000000' },
      }),
    );
    started.push(await startPortalServer({ port, apiPort, env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://localhost:${port}`, stop };
}

/** Whole-label match that tolerates the " *" of required fields. */
function labelPattern(label) {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/**
 * Waits until the page has settled: network quiet, content that loads as the visitor scrolls towards it loaded (a
 * whole-page picture does not scroll), and no progress indicator showing.
 */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByRole('progressbar')
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function shoot(browser, baseUrl, { lang, theme, width }) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 600 ? 844 : 800 },
    deviceScaleFactor: 1,
    colorScheme: theme,
  });
  await context.addInitScript(
    ({ lang, theme }) => {
      window.localStorage.setItem('portal.language', lang);
      window.localStorage.setItem('portal.theme', theme);
      window.localStorage.setItem('portal.cookieConsent', 'necessary');
    },
    { lang, theme },
  );
  let page = await context.newPage();
  const saved = [];
  const wanted = (name) => !ONLY || ONLY.test(name);
  const signIn = async (account) => {
    await page.goto('/login');
    await page.getByLabel(labelPattern(locales[lang].email_label)).fill(account.email);
    await page.getByLabel(labelPattern(locales[lang].password_label)).fill(account.password);
    await page.getByRole('button', { name: locales[lang].login_button, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    // The sign-in bundle hands over to the portal with a page load: wait for the portal's page before going on.
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  };
  const save = async (name, { fullPage = true } = {}) => {
    const file = path.join(outDir, `${name}-${lang}-${theme}-${width}.png`);
    await page.screenshot({ path: file, fullPage });
    saved.push(path.basename(file));
  };
  try {
    for (const [name, url] of PUBLIC_SCREENS.filter(([name]) => wanted(name))) {
      await page.goto(url);
      await settle(page);
      await save(name);
    }
    await signIn(seller);
    for (const [name, url] of SIGNED_IN_SCREENS.filter(([name]) => wanted(name))) {
      await page.goto(url);
      await settle(page);
      await save(name);
    }
    for (const [name, request] of FAILED_PART_SCREENS.filter(([name]) => wanted(name))) {
      const fail = (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ slug: 'internal-error', message: 'Internal Server Error' }),
        });
      await page.route(request, fail);
      await page.goto('/dashboard');
      await settle(page);
      await save(name);
      await page.unroute(request, fail);
    }
    for (const [name, url, action] of INTERACTIVE_SCREENS.filter(([name]) => wanted(name))) {
      await page.goto(url);
      await settle(page);
      await action(page, lang);
      await settle(page);
      await save(name, { fullPage: !(await page.getByRole('dialog').count()) });
    }
    if (AVV_SCREENS.some(wanted)) {
      const { pending, accepted } = await prepareAvvAccounts(baseUrl);
      await page.goto('/logout');
      await page.waitForURL(/\/login/);
      await signIn(pending);
      if (wanted('avv-banner') || wanted('avv-dialog')) {
        await page.goto('/dashboard');
        await settle(page);
        if (wanted('avv-banner')) await save('avv-banner');
        if (wanted('avv-dialog')) {
          await page.getByRole('button', { name: locales[lang].avv_banner_review, exact: true }).click();
          await page.getByRole('dialog').waitFor();
          await settle(page);
          await save('avv-dialog', { fullPage: false });
        }
      }
      if (wanted('avv-profile')) {
        await page.goto('/logout');
        await page.waitForURL(/\/login/);
        await signIn(accepted);
        await page.goto('/profile');
        await settle(page);
        await page.getByRole('table').first().waitFor();
        await save('avv-profile');
      }
    }
  } finally {
    await context.close();
  }
  if (![...STAFF_SCREENS, ...STAFF_DIALOGS].some(([name]) => wanted(name)) && !wanted('remote-failure')) return saved;
  // Internal staff: the internal-only cards and plugins, and the panel of a remote that fails to load.
  const staffContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 600 ? 844 : 800 },
    deviceScaleFactor: 1,
    colorScheme: theme,
  });
  await staffContext.addInitScript(
    ({ lang, theme }) => {
      window.localStorage.setItem('portal.language', lang);
      window.localStorage.setItem('portal.theme', theme);
      window.localStorage.setItem('portal.cookieConsent', 'necessary');
    },
    { lang, theme },
  );
  page = await staffContext.newPage();
  // mfe-lieferbar is blocked from the start (the shell prefetches remotes when idle), so its page shows the panel.
  await page.route('**/remotes/mfe-lieferbar/**', (route) => route.abort('connectionrefused'));
  try {
    await signIn(staff);
    if (wanted('gpsr') || wanted('gpsr-editor')) await ensureGpsrProduct(page, lang);
    for (const [name, url] of STAFF_SCREENS.filter(([name]) => wanted(name))) {
      await page.goto(url);
      await settle(page);
      await save(name);
    }
    for (const [name, url, action] of STAFF_DIALOGS.filter(([name]) => wanted(name))) {
      await page.goto(url);
      await settle(page);
      await action(page, lang);
      await settle(page);
      await save(name, { fullPage: false });
    }
    if (wanted('gpsr-editor-edit')) {
      await page.goto('/features/gpsr');
      await settle(page);
      await page
        .getByRole('link', { name: new RegExp(gpsrLocales[lang].list_edit_named.replace('{{name}}', '')) })
        .first()
        .click();
      await page.getByRole('button', { name: gpsrLocales[lang].versions_release }).waitFor();
      await settle(page);
      await save('gpsr-editor-edit');
    }
    if (wanted('remote-failure')) {
      await page.goto('/features/lieferbar');
      await settle(page);
      await save('remote-failure');
    }
  } finally {
    await staffContext.close();
  }
  return saved;
}

async function main() {
  if (!fs.existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (set CHROMIUM_PATH)`);
  fs.mkdirSync(outDir, { recursive: true });
  const stack = process.env.BASE_URL
    ? { baseUrl: process.env.BASE_URL, stop: async () => undefined }
    : await startStack();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let count = 0;
  try {
    for (const lang of ['de', 'en']) {
      for (const theme of ['light', 'dark']) {
        for (const width of [1280, 390]) {
          const saved = await shoot(browser, stack.baseUrl, { lang, theme, width });
          count += saved.length;
          console.log(`[screenshots] ${lang} ${theme} ${width}px: ${saved.length} screens`);
        }
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  console.log(`[screenshots] ${count} PNGs in ${path.relative(process.cwd(), outDir) || outDir}`);
}

main().catch((error) => {
  console.error(`[screenshots] failed: ${error.message}`);
  process.exit(1);
});
