// Lighthouse 12 (mobile preset, Debian Chromium) on /login of the built portal, served by the real portal server
// and api on their own ports. Needs the bundles built (npm run build). Prints the category scores and key metrics.
// Env: CHROMIUM_PATH (/usr/bin/chromium), BENCH_PORT (8193), BENCH_API_PORT (3293), BENCH_EMULATOR_PORT (9399),
// LIGHTHOUSE_RUNS (1; scores vary from run to run on a shared machine: with several runs the report shown is the
// median run by performance, and every run's line is printed), LIGHTHOUSE_REPORT (a path: the shown report as JSON,
// e.g. for its long-tasks and bootup-time audits).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { answers, assertPortFree, startApi, startAuthEmulator, startPortalServer, stopAll } from '../scripts/stack.mjs';
import { medianBy } from './median-by.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT || 8193);
const API_PORT = Number(process.env.BENCH_API_PORT || 3293);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 1));

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
    started.push(await startApi({ port: API_PORT, dataDir: path.join(dataDir, 'data'), emulatorHost }));
    started.push(
      await startPortalServer({ port: PORT, apiPort: API_PORT, env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } }),
    );

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
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
      if (lhr.runtimeError)
        console.log(`[lighthouse] run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
  } finally {
    await chrome?.kill();
    await stopAll(started);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runLighthouse();
}
