// The real server (src/server.ts in its own process) in production mode: without the operating company, with the
// sandbox payment provider and without SMTP it exits 1 before listening, one line per variable naming it; with all of
// them set it starts. In development it starts with the demo company and nothing set, as `npm start` always did.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATING_COMPANY_VARIABLES } from '@portal/shared/operating-company';
import testCompany from '@portal/shared/test-company.json';
import { EMULATOR_HOST, freePort } from './helpers';
import { PAYPAL_LIVE_ENV } from './paypal-live-env';

const API_DIR = path.resolve(__dirname, '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The server with only `env` (plus PATH and HOME): exit code and output once it exits, or once /api/health answers. */
async function start(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-production-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JOBS_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (child.exitCode !== null) return { code: await exited, stderr, listening: false };
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      );
      if (up) return { code: null, stderr, listening: true };
      if (Date.now() > deadline) throw new Error(`the api neither started nor exited:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const PRODUCTION = { PORTAL_MODE: 'production', DS_ENCRYPTION_KEY: 'ab'.repeat(32), MIGRATE_ON_START: 'true' };

it('production without the company, with the sandbox and without SMTP: exits 1, one line per variable', async () => {
  const { code, stderr, listening } = await start(PRODUCTION);
  expect(listening).toBe(false);
  expect(code).toBe(1);
  const [header, ...lines] = stderr.trim().split('\n');
  expect(header).toBe(
    'The api refuses to start in production mode (PORTAL_MODE=production); see docs/configuration.md:',
  );
  const required = OPERATING_COMPANY_VARIABLES.filter((v) => v.required).map((v) => v.env);
  expect(lines.map((l) => l.trim().split(' ')[0])).toEqual([...required, 'PAYMENT_PROVIDER', 'SMTP_URL']);
  expect(lines).toContain('  SELLER_VAT_ID is not set: the VAT ID printed on every invoice');
  expect(lines).toContain(
    '  SMTP_URL is not set: mail would be written to files under DATA_DIR/mail instead of being sent',
  );
}, 120_000);

it('production with the company, PayPal live and SMTP: starts', async () => {
  const { stderr, listening } = await start({
    ...PRODUCTION,
    ...testCompany,
    ...PAYPAL_LIVE_ENV,
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
  expect(stderr).not.toContain('refuses to start');
  expect(listening).toBe(true);
}, 120_000);

it('development with nothing set: starts with the demo company', async () => {
  const { stderr, listening } = await start({ FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST });
  expect(stderr).not.toContain('refuses to start');
  expect(listening).toBe(true);
}, 120_000);
