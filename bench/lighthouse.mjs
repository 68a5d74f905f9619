// Lighthouse 12 (mobile preset, Debian Chromium) on /login of the built portal, served by the real portal server
// and api on their own ports, then the signed-in pages a seller uses every day: a user flow that signs the demo seller
// in once through the sign-in form and then opens each page by a navigation, as from a bookmark (the session kept,
// the HTTP cache emptied before each page, so its JavaScript loads cold), with the mobile and the desktop preset.
// Needs the bundles built (npm run build). Prints the category scores and key metrics, and a table of the pages.
// Env: CHROMIUM_PATH (/usr/bin/chromium), BENCH_PORT (8193), BENCH_API_PORT (3293), BENCH_EMULATOR_PORT (9399),
// LIGHTHOUSE_RUNS (1; scores vary from run to run on a shared machine: with several runs the report shown is the
// median run by performance, and every run's line is printed), LIGHTHOUSE_REPORT (a path: the shown report as JSON,
// e.g. for its long-tasks and bootup-time audits), LIGHTHOUSE_PAGES (comma-separated signed-in pages; `none` skips
// them), LIGHTHOUSE_FLOW_REPORT (a folder: each signed-in page's median report as JSON), BENCH_API_ROOT (a checkout
// whose api to run instead of this one's, e.g. a clean one while this tree's api is being changed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { answers, assertPortFree, startApi, startAuthEmulator, startPortalServer, stopAll } from '../scripts/stack.mjs';
import { medianBy } from './median-by.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 8193);
const API_PORT = Number(process.env.BENCH_API_PORT || 3293);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 1));
const SIGNED_IN_PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/dashboard,/licenses,/invoices,/licenses/buy?plugin=mobile')
  .split(',')
  .map((page) => page.trim())
  .filter((page) => page && page !== 'none');
const SELLER = { email: 'demo@portal.test', password: 'demo1234' };

const categoryScores = (lhr) =>
  Object.fromEntries(Object.values(lhr.categories).map((c) => [c.title, Math.round((c.score ?? 0) * 100)]));
const scoreLine = (lhr) =>
  Object.entries(categoryScores(lhr))
    .map(([title, score]) => `${title} ${score}`)
    .join(', ');

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'Speed Index',
};

async function runLogin(chrome) {
  const url = `http://localhost:${PORT}/login`;
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    runs.push(lhr);
    if (lhr.runtimeError) console.log(`[lighthouse] run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (RUNS > 1) {
      const tbt = lhr.audits['total-blocking-time']?.displayValue ?? '–';
      console.log(`[lighthouse] run ${run}: ${scoreLine(lhr)}, TBT ${tbt}`);
    }
  }
  const lhr = medianBy(runs, (run) => run.categories.performance.score);
  if (process.env.LIGHTHOUSE_REPORT) fs.writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(lhr, null, 1));
  const scores = categoryScores(lhr);
  const shown = RUNS > 1 ? `, the median of ${RUNS} runs` : '';
  console.log(
    `\n[lighthouse] ${url} (mobile preset, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}${shown})`,
  );
  console.table(scores);
  console.table(
    Object.fromEntries(Object.entries(METRICS).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '–'])),
  );
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  if (failing.length) console.log(`[lighthouse] audits below 90: ${failing.join(', ')}`);
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpElement) console.log(`[lighthouse] LCP element: ${lcpElement.snippet} (${lcpElement.nodeLabel})`);
  for (const id of ['errors-in-console', 'inspector-issues']) {
    for (const item of lhr.audits[id]?.details?.items ?? []) {
      console.log(`[lighthouse] ${id}: ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
  return scores;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Signs the demo seller in through the sign-in form (index.html's static card, or the sign-in bundle's page). */
async function signIn(page, origin) {
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  // A seller who uses the portal every day has answered the cookie banner.
  await page.evaluate("localStorage.setItem('portal.cookieConsent', 'necessary')");
  await page.locator('input[type=email]').fill(SELLER.email);
  await page.locator('input[type=password]').fill(SELLER.password);
  await Promise.all([
    page.waitForFunction("location.pathname === '/dashboard'", { timeout: 60_000 }),
    page.keyboard.press('Enter'),
  ]);
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
}

/** signIn, tried again from a fresh /login when a busy machine let a try time out (three tries). */
async function signInWithRetry(page, origin) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(page, origin);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`[lighthouse] sign-in try ${attempt} failed (${error.message}); trying again`);
    }
  }
}

/**
 * One user flow: sign in (not measured), then each page as a navigation with the session kept (storage not reset)
 * and the HTTP cache emptied, so every page is a cold visit of a signed-in seller.
 */
async function signedInFlow(browser, origin, config) {
  // A context of its own: each flow signs in afresh, with nothing kept from the one before.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await signInWithRetry(page, origin);
    const flow = await startFlow(page, {
      config,
      flags: { onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error' },
    });
    const cdp = await page.createCDPSession();
    for (const route of SIGNED_IN_PAGES) {
      await cdp.send('Network.clearBrowserCache');
      await flow.navigate(`${origin}${route}`, { disableStorageReset: true, name: route });
    }
    const result = await flow.createFlowResult();
    return result.steps.map((step) => step.lhr);
  } finally {
    await context.close();
  }
}

const pageFigures = (lhr) => ({
  performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
  lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
  accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
});

/** The signed-in pages, RUNS flows per preset; prints each run and the table of medians. */
async function runSignedIn(chrome) {
  const origin = `http://localhost:${PORT}`;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const runs = { mobile: [], desktop: [] };
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ]) {
        const lhrs = await signedInFlow(browser, origin, config);
        runs[preset].push(lhrs);
        const line = lhrs.map((lhr, i) => {
          const f = pageFigures(lhr);
          const error = lhr.runtimeError ? ` ${lhr.runtimeError.code}` : '';
          return `${SIGNED_IN_PAGES[i]} ${f.performance} (LCP ${(f.lcp / 1000).toFixed(1)} s, TBT ${f.tbt.toFixed(0)} ms, a11y ${f.accessibility})${error}`;
        });
        console.log(`[lighthouse] signed in, ${preset}, run ${run}: ${line.join('; ')}`);
      }
    }
  } finally {
    browser.disconnect();
  }
  const table = SIGNED_IN_PAGES.map((route, i) => {
    const mobile = runs.mobile.map((lhrs) => pageFigures(lhrs[i]));
    const desktop = runs.desktop.map((lhrs) => pageFigures(lhrs[i]));
    return {
      page: route,
      'mobile performance': median(mobile.map((f) => f.performance)),
      LCP: `${(median(mobile.map((f) => f.lcp)) / 1000).toFixed(1)} s`,
      TBT: `${median(mobile.map((f) => f.tbt)).toFixed(0)} ms`,
      accessibility: median(mobile.map((f) => f.accessibility)),
      'desktop performance': median(desktop.map((f) => f.performance)),
    };
  });
  if (process.env.LIGHTHOUSE_FLOW_REPORT) {
    fs.mkdirSync(process.env.LIGHTHOUSE_FLOW_REPORT, { recursive: true });
    SIGNED_IN_PAGES.forEach((route, i) => {
      const lhr = medianBy(
        runs.mobile.map((lhrs) => lhrs[i]),
        (one) => one.categories.performance.score,
      );
      const file = `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`;
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_FLOW_REPORT, file), JSON.stringify(lhr, null, 1));
    });
  }
  const shown = RUNS > 1 ? `medians of ${RUNS} runs` : 'one run';
  console.log(`\n[lighthouse] signed in as ${SELLER.email}, each page a navigation with a cold HTTP cache (${shown})`);
  console.table(table);
  return table;
}

export async function runLighthouse() {
  if (!fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
    throw new Error('shell/dist is missing: run `npm run build` first');
  }
  const started = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  let chrome;
  try {
    await assertPortFree(PORT, 'lighthouse portal server');
    await assertPortFree(API_PORT, 'lighthouse api');
    if (!(await answers(`http://127.0.0.1:${EMULATOR_PORT}/`))) {
      started.push(
        await startAuthEmulator({ port: EMULATOR_PORT, persistDir: null, workDir: path.join(dataDir, 'emulator') }),
      );
    }
    const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
    started.push(
      await startApi({
        ...(process.env.BENCH_API_ROOT ? { root: path.resolve(process.env.BENCH_API_ROOT) } : {}),
        port: API_PORT,
        dataDir: path.join(dataDir, 'data'),
        emulatorHost,
      }),
    );
    started.push(
      await startPortalServer({ port: PORT, apiPort: API_PORT, env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } }),
    );

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const scores = await runLogin(chrome);
    const pages = SIGNED_IN_PAGES.length ? await runSignedIn(chrome) : [];
    return { login: scores, pages };
  } finally {
    await chrome?.kill();
    await stopAll(started);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLighthouse();
}
