// node --test scripts/portal-server-company.test.mjs
// The portal server hands the operating company's links and support address to the browser (/portal-config.json)
// and, in production mode, refuses to start while any of the company's values is unset, still the demo's or on a
// placeholder domain: one line per variable, naming it. The real server (scripts/serve-portal.mjs) in a child
// process; outside production it starts with the demo company as before.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort, waitForHttp } from './stack.mjs';

const require = createRequire(import.meta.url);
const { OPERATING_COMPANY_VARIABLES, companyProblems } = require('../shared/config/operating-company.js');
const TEST_COMPANY = require('../shared/config/test-company.json');

const REQUIRED = OPERATING_COMPANY_VARIABLES.filter((v) => v.required);

let root;
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-company-test-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

/** Only what the test gives: no mode, link or company variable of the shell that runs the tests. */
function childEnv(extra) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, PORTAL_ROOT: root, API_URL: 'http://127.0.0.1:9' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Starts serve-portal.mjs; resolves with its exit code and stderr when it exits, or with the child while it runs. */
function serve(extra) {
  const child = spawn(process.execPath, ['scripts/serve-portal.mjs'], {
    cwd: ROOT,
    env: childEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  return { child, exited, stderr: () => stderr };
}

const refusal = (lines) =>
  lines
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());

test('production: refuses every unset company variable, one line each naming it', async () => {
  const { code, stderr } = await serve({ PORTAL_MODE: 'production', PORT: String(await freePort()) }).exited;
  assert.equal(code, 1);
  assert.match(stderr, /^The portal server refuses to start in production mode/);
  const lines = refusal(stderr);
  assert.deepEqual(
    lines.map((l) => l.split(' ')[0]),
    REQUIRED.map((v) => v.env),
  );
  for (const line of lines) assert.match(line, /^[A-Z_]+ is not set: \w/);
});

// Each start takes a second or more on a busy machine: four at a time.
describe('production: each company variable unset', { concurrency: 4 }, () => {
  for (const variable of REQUIRED) {
    test(`${variable.env} unset stops the start with one line naming it`, async () => {
      const run = serve({
        ...TEST_COMPANY,
        NODE_ENV: 'production',
        [variable.env]: undefined,
        PORT: String(await freePort()),
      });
      const { code, stderr } = await run.exited;
      assert.equal(code, 1, stderr);
      assert.deepEqual(refusal(stderr), [`${variable.env} is not set: ${companyLineTail(variable.env)}`]);
    });
  }
});

/** The tail of the "not set" line, as the module words it (what the variable is for). */
function companyLineTail(name) {
  const line = companyProblems({ ...TEST_COMPANY, PORTAL_MODE: 'production', [name]: '' }).find((l) =>
    l.startsWith(`${name} `),
  );
  return line.slice(`${name} is not set: `.length);
}

test('production: a demo value or a placeholder domain is refused like an unset one', async () => {
  const { code, stderr } = await serve({
    ...TEST_COMPANY,
    PORTAL_MODE: 'production',
    SELLER_VAT_ID: 'DE811907980',
    LINK_IMPRINT: 'https://www.example.com/impressum',
    PORT: String(await freePort()),
  }).exited;
  assert.equal(code, 1);
  assert.deepEqual(refusal(stderr), [
    'SELLER_VAT_ID is still the demo value "DE811907980": set the VAT ID printed on every invoice',
    'LINK_IMPRINT is on the placeholder domain www.example.com: set the imprint page (footer, mails)',
  ]);
  // every variable's demo value, through the same check the server runs
  for (const { env, demo } of OPERATING_COMPANY_VARIABLES.filter((v) => v.env !== 'SELLER_COUNTRY')) {
    const lines = companyProblems({ ...TEST_COMPANY, PORTAL_MODE: 'production', [env]: demo });
    assert.deepEqual(
      lines.map((l) => l.split(' ')[0]),
      [env],
      `${env}=${demo}`,
    );
  }
});

async function configOf(extra) {
  const port = await freePort();
  const run = serve({ ...extra, PORT: String(port) });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/portal-config.json`, { name: 'portal server', timeoutMs: 20_000 });
    return await (await fetch(`http://127.0.0.1:${port}/portal-config.json`)).json();
  } catch (error) {
    throw new Error(`${error.message}\n${run.stderr()}`);
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
  }
}

test('production with the whole company configured: starts and hands out its links', async () => {
  const config = await configOf({ ...TEST_COMPANY, NODE_ENV: 'production' });
  assert.deepEqual(config.links, {
    imprint: 'https://www.nordlicht-portal.de/impressum',
    privacy: 'https://www.nordlicht-portal.de/datenschutz',
    terms: 'https://www.nordlicht-portal.de/agb',
    androidApp: 'https://play.google.com/store/apps/details?id=de.nordlichtportal.app',
    iosApp: 'https://apps.apple.com/de/app/nordlicht-portal/id6478123401',
    freshdeskApp: 'https://www.freshworks.com/apps/nordlicht-portal-connector',
    freshdeskManual: 'https://www.nordlicht-portal.de/handbuch/freshdesk-connector',
    contactEmail: 'hilfe@nordlicht-portal.de',
  });
});

test('development: starts with nothing set, with the demo links as before', async () => {
  const config = await configOf({});
  assert.equal(config.links.imprint, 'https://www.example.com/imprint');
  assert.equal(config.links.contactEmail, 'support@portal.test');
  assert.equal(config.links.freshdeskManual, 'https://www.example.com/manuals/freshdesk-connector');
});

test('any mode: a link of the wrong form stops the start, naming it', async () => {
  const { code, stderr } = await serve({ LINK_TERMS: 'agb.html', PORT: String(await freePort()) }).exited;
  assert.equal(code, 1);
  assert.match(stderr, /^The portal server could not start/);
  assert.deepEqual(refusal(stderr), ['LINK_TERMS must be an http(s) URL (got "agb.html")']);
});
