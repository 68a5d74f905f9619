import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './support/env';

// Debian's Chromium through playwright-core; no browser is ever downloaded.
/**
 * Journeys that run the renewals job for a day weeks ahead: the job renews, charges and ends every seller's
 * subscriptions due by that day (the demo seller's seeded ones too), so they run after every other journey.
 * Run one of them alone with `--no-deps` (a file filter would otherwise run every journey first).
 */
const RUNS_RENEWALS_AHEAD = /dunning\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // The machine is small and the journeys share one emulator: one worker, in file order.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'journeys', testIgnore: RUNS_RENEWALS_AHEAD },
    { name: 'renewals-ahead', testMatch: RUNS_RENEWALS_AHEAD, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
