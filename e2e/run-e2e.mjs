#!/usr/bin/env node
// npm run test:e2e → Playwright journeys against the real stack (global-setup.ts starts and stops it).
// Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- -g "wrong password"`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
const child = spawn(
  process.execPath,
  [cli, 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: here,
    stdio: 'inherit',
    // Playwright must never fetch a browser of its own.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
