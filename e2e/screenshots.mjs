#!/usr/bin/env node
// npm run screenshots -w e2e → PNGs of the main screens in de/en × light/dark × 1280/390 px in e2e/artifacts/.
// Starts its own stack (ports SHOT_PORT 8192 / SHOT_API_PORT 3292, temporary DATA_DIR, the Auth emulator on
// SHOT_EMULATOR_PORT 9099 reused when running) unless BASE_URL points at a running portal (e.g. BASE_URL=http://localhost:8080 after
// npm start). Signs in as the demo seller. Preferences are preset through the shell's localStorage keys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  answers,
  buildStale,
  startApi,
  startAuthEmulator,
  startPortalServer,
  stopAll,
} from '../scripts/stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'artifacts');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const seller = { email: 'demo@portal.test', password: 'demo1234' };
const locales = {
  de: JSON.parse(fs.readFileSync(path.join(here, '../shell/src/locales/de.json'), 'utf8')),
  en: JSON.parse(fs.readFileSync(path.join(here, '../shell/src/locales/en.json'), 'utf8')),
};

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
  ['profile', '/profile'],
  ['user-management', '/user-management'],
  ['freshdesk', '/features/freshdesk'],
  ['mobile-app', '/features/mobile-app'],
  ['content-master', '/features/content-master'],
];

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
    await buildStale({ concurrency: 2 });
    const emulatorPort = Number(process.env.SHOT_EMULATOR_PORT || 9099);
    if (!(await answers(`http://127.0.0.1:${emulatorPort}/`))) {
      started.push(await startAuthEmulator({ port: emulatorPort, persistDir: null, workDir: path.join(dataDir, 'emulator') }));
    }
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    started.push(await startApi({ port: apiPort, dataDir: path.join(dataDir, 'data'), emulatorHost }));
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

/** Waits until the page has settled: network quiet and no progress indicator showing. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
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
  const page = await context.newPage();
  const saved = [];
  const save = async (name) => {
    const file = path.join(outDir, `${name}-${lang}-${theme}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    saved.push(path.basename(file));
  };
  try {
    for (const [name, url] of PUBLIC_SCREENS) {
      await page.goto(url);
      await settle(page);
      await save(name);
    }
    await page.goto('/login');
    await page.getByLabel(labelPattern(locales[lang].email_label)).fill(seller.email);
    await page.getByLabel(labelPattern(locales[lang].password_label)).fill(seller.password);
    await page.getByRole('button', { name: locales[lang].login_button, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    for (const [name, url] of SIGNED_IN_SCREENS) {
      await page.goto(url);
      await settle(page);
      await save(name);
    }
  } finally {
    await context.close();
  }
  return saved;
}

async function main() {
  if (!fs.existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (set CHROMIUM_PATH)`);
  fs.mkdirSync(outDir, { recursive: true });
  const stack = process.env.BASE_URL ? { baseUrl: process.env.BASE_URL, stop: async () => undefined } : await startStack();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
