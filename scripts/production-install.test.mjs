// The production path of deploy/*.Dockerfile (their runtime stages, without Docker), on this machine: the api built to JavaScript (api/scripts/build.mjs),
// the built tree copied to a temp folder, `npm ci --omit=dev` there, then — with no tsx and no dev-only package —
// the api refuses a database without the migrations, `npm run migrate` applies them, the api (node
// api/dist/server.js) and the portal server (node scripts/serve-portal.mjs) start, and a seller registers and reads
// the profile through the portal server. On PostgreSQL (TEST_DATABASE_URL, else the local `test` server when it
// answers), else on PGlite. Takes one to three minutes, most of it the install (from the npm cache).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { copyManifests } from '../deploy/tree.mjs';
import { apiClient, registerSeller, SELLER_CONTACT } from './seller-journey.mjs';
import { ROOT, answers, freePort, startAuthEmulator, startViesSimulator, spawnService, waitForHttp } from './stack.mjs';

const require = createRequire(import.meta.url);
const { postgresAnswers, scratchDatabase } = require('./scratch-database.cjs');

const BASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The operating company as a deployment sets it: real-looking values (production mode refuses the demo's). */
const COMPANY = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'config', 'test-company.json'), 'utf8'));

/** What the runtime stage of deploy/api.Dockerfile and deploy/portal.Dockerfile copies into the image. */
function copyBuiltTree(target) {
  const workspaces = copyManifests(target, ROOT);
  const copy = (rel) => fs.cpSync(path.join(ROOT, rel), path.join(target, rel), { recursive: true });
  for (const rel of ['api/drizzle', 'api/assets', 'api/registry', 'api/scripts/run.cjs']) copy(rel);
  const portalServerFiles = [
    'scripts/serve-portal.mjs',
    'scripts/portal-server',
    'shared/webpack/portal-config.js',
    'shared/log/redact-url.js',
    'shared/config/operating-company.js',
  ];
  for (const rel of portalServerFiles) copy(rel);
  // A stand-in for the built shell (the real one takes minutes to build and is not what this test is about).
  fs.mkdirSync(path.join(target, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(target, 'shell', 'dist', 'index.html'), '<!doctype html><title>portal shell</title>');
  return workspaces;
}

/** Runs a command to its end; resolves with its exit code and output. */
function run(command, args, { cwd, env = process.env, timeoutMs = 240_000 }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** This process's env without what the npm that runs the tests set for itself (workspace, lifecycle, package). */
function cleanEnv(extra = {}) {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || keep.has(k)));
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'API_URL', 'PORTAL_ROOT', 'NODE_OPTIONS']) {
    delete env[key];
  }
  return { ...env, ...extra };
}

test(
  'production install: npm ci --omit=dev, migrate, api and portal server from the build, a seller signs in',
  {
    // npm ci of the production tree takes 35-90 s alone and several minutes on a machine busy with other suites.
    timeout: 900_000,
  },
  async (t) => {
    const started = Date.now();
    const lap = (what) => t.diagnostic(`${what} after ${Math.round((Date.now() - started) / 1000)} s`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
    const services = [];
    const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })];
    try {
      // Build: the same script as `npm run build -w api`, into the copy (the checkout's api/dist stays as it is).
      const build = await run(
        process.execPath,
        ['api/scripts/build.mjs', `--outdir=${path.join(dir, 'api', 'dist')}`],
        {
          cwd: ROOT,
        },
      );
      assert.equal(build.code, 0, build.stderr);
      const workspaces = copyBuiltTree(dir);
      lap('built and copied');

      const install = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: dir,
        env: cleanEnv(),
        timeoutMs: 600_000,
      });
      assert.equal(install.code, 0, install.stderr);
      lap('npm ci --omit=dev');

      // No TypeScript tooling and no dev-only package: every package the lockfile marks `dev` is absent, and of the
      // packages a workspace declares as devDependencies (the frontends' libraries among them: webpack bundles them)
      // only those are there that another workspace runs with (its `dependencies`), the workspaces' own links and type
      // packages a production package pulls in. So nothing brings React, MUI or their optional peer TypeScript back.
      const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
      const present = (key) => fs.existsSync(path.join(dir, key));
      const installed = (name) =>
        Object.keys(lock.packages).filter((key) => key.endsWith(`node_modules/${name}`) && present(key));
      assert.deepEqual([...installed('typescript'), ...installed('tsx')], [], 'no typescript and no tsx is installed');
      const devOnly = Object.entries(lock.packages).filter(([key, entry]) => key && entry.dev);
      assert.ok(devOnly.length > 100, 'the lockfile marks dev-only packages');
      assert.deepEqual(devOnly.map(([key]) => key).filter(present), [], 'no dev-only package is installed');
      const manifests = ['', ...workspaces].map((w) =>
        JSON.parse(fs.readFileSync(path.join(dir, w, 'package.json'), 'utf8')),
      );
      const declaredDev = new Set(manifests.flatMap((m) => Object.keys(m.devDependencies ?? {})));
      const runtime = new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})));
      assert.ok(declaredDev.has('react') && declaredDev.has('typescript'), 'the workspaces declare devDependencies');
      const devPresent = [...declaredDev].filter((name) => present(`node_modules/${name}`)).sort();
      t.diagnostic(`declared devDependencies installed: ${devPresent.join(', ') || 'none'}`);
      const unexplained = devPresent.filter(
        (name) => !runtime.has(name) && !lock.packages[`node_modules/${name}`]?.link && !name.startsWith('@types/'),
      );
      assert.deepEqual(unexplained, [], 'no devDependency is installed that nothing at run time needs');

      // The database: a new PostgreSQL database, or PGlite in the copy's data dir.
      let databaseUrl = '';
      if (await postgresAnswers(BASE_URL)) {
        const database = await scratchDatabase(BASE_URL, 'portal_production');
        cleanups.push(database.drop);
        databaseUrl = database.url;
      }
      t.diagnostic(databaseUrl ? 'on PostgreSQL' : 'on PGlite (no PostgreSQL answers)');

      // The Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST (else the default port) when it answers, else one of its own.
      let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
      if (!(await answers(`http://${emulatorHost}`))) {
        const emulator = await startAuthEmulator({ port: await freePort() });
        services.push(emulator);
        emulatorHost = emulator.host;
      }

      // The seller's VAT ID is checked with VIES: the local simulator, never the real one from a test.
      const vies = await startViesSimulator({ port: await freePort() });
      services.push(vies);

      const apiPort = await freePort();
      // As in production (NODE_ENV=production, no migration at start), but with the Auth emulator, which production
      // mode refuses: PORTAL_MODE=development for that alone.
      const apiEnv = cleanEnv({
        NODE_ENV: 'production',
        PORTAL_MODE: 'development',
        MIGRATE_ON_START: 'false',
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        SEED_DEMO: 'false',
        JOBS_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
        VIES_URL: vies.url,
        ...COMPANY,
      });

      // Before the migrate step the api refuses to start, with one line.
      const refused = await run(process.execPath, ['api/dist/server.js'], { cwd: dir, env: apiEnv, timeoutMs: 90_000 });
      assert.equal(refused.code, 1, refused.stdout + refused.stderr);
      assert.match(
        refused.stderr.trim(),
        /^The api could not start: the database has no migrations applied \(empty database\), this api needs \d+ \(\w+\): run `npm run migrate` first$/,
      );

      const migrate = await run('npm', ['run', 'migrate'], { cwd: dir, env: apiEnv });
      assert.equal(migrate.code, 0, migrate.stdout + migrate.stderr);
      assert.match(migrate.stdout, /applied 0000_init, .*\n.*the database schema is at migration \d+/);
      lap('migrated');

      const api = spawnService('api', process.execPath, ['api/dist/server.js'], { cwd: dir, env: apiEnv, quiet: true });
      services.push(api);
      await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, { name: 'api', timeoutMs: 90_000, service: api });

      // In production mode the portal server refuses to start without the operating company, naming each variable.
      const demoPortal = await run(process.execPath, ['scripts/serve-portal.mjs'], {
        cwd: dir,
        env: cleanEnv({ NODE_ENV: 'production', PORT: String(await freePort()) }),
        timeoutMs: 60_000,
      });
      assert.equal(demoPortal.code, 1, demoPortal.stdout + demoPortal.stderr);
      assert.match(demoPortal.stderr, /^ {2}LINK_IMPRINT is not set: /m);

      const portalPort = await freePort();
      const portal = spawnService('portal', process.execPath, ['scripts/serve-portal.mjs'], {
        cwd: dir,
        env: cleanEnv({
          ...COMPANY,
          NODE_ENV: 'production',
          PORT: String(portalPort),
          API_URL: `http://127.0.0.1:${apiPort}`,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        }),
        quiet: true,
      });
      services.push(portal);
      const portalUrl = `http://127.0.0.1:${portalPort}`;
      await waitForHttp(`${portalUrl}/api/health`, { name: 'portal server', timeoutMs: 30_000, service: portal });
      const page = await fetch(`${portalUrl}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /portal shell/);
      const portalConfig = await (await fetch(`${portalUrl}/portal-config.json`)).json();
      assert.equal(portalConfig.links.imprint, COMPANY.LINK_IMPRINT);
      assert.equal(portalConfig.links.contactEmail, COMPANY.SUPPORT_EMAIL);
      lap('api and portal server up');

      // A seller: an account in the Auth emulator, the api row, the profile — all through the portal server.
      const call = apiClient(portalUrl);
      const { token: idToken } = await registerSeller({
        emulatorHost,
        call,
        prefix: 'production',
        password: 'production-pass-1',
        userPath: '/user/',
      });
      const contact = { ...SELLER_CONTACT, companyName: 'Produktiv Versand GmbH' };
      assert.equal((await call('PUT', '/user/profile/contact', idToken, contact)).status, 200);
      const read = await call('GET', '/user/profile/contact', idToken);
      assert.equal(read.status, 200);
      assert.equal(read.body.companyName, 'Produktiv Versand GmbH');
      lap('seller journey done');
    } finally {
      for (const service of services.reverse()) await service.stop('SIGTERM', 10_000);
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
);
