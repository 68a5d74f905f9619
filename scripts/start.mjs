#!/usr/bin/env node
// npm start      → node scripts/start.mjs        builds stale bundles (Nx cache), then emulator + api + portal server
// npm run dev    → node scripts/start.mjs --dev  emulator + `tsx watch` api + `webpack serve` for shell and remotes
//
// Environment overrides (all optional):
//   PORT                     portal server port (npm start)                         default 8080
//   API_PORT                 api port                                               default 3001
//   AUTH_EMULATOR_PORT       Firebase Auth emulator port (other than 9099 → a generated config is used)  9099
//   DATA_DIR                 where the api keeps its data and the emulator its accounts (DATA_DIR/auth)  .data
//   BUILD_CONCURRENCY        parallel webpack builds                                default 2
//   FORCE_BUILD=1            rebuild every bundle, bypassing the task runner's cache (also: --force-build)
//   SKIP_BUILD=1             never build (serve whatever is in dist/)
//   AUTH_EXPORT_INTERVAL_S   seconds between periodic account exports, 0 = off     default 300
//   SEED_DEMO                passed to the api                                      default true
//   VIES_URL                 the VIES the api asks; unset → the VIES simulator is started and used
//   VIES_SIMULATOR_PORT      the simulator's port (when VIES_URL is unset)          default 9190
//   VIES_REGISTRY_FILE       the simulator's register of valid VAT IDs              default scripts/vies-registry.json
//   PAYMENT_PROVIDER=paypal  without PAYPAL_CLIENT_ID: the local PayPal simulator is started and the api uses it
//   PAYPAL_SIMULATOR_PORT    the simulator's port                                   default 8790
//   anything else the api or the portal server read (FIREBASE_API_KEY, LINK_IMPRINT, REMOTE_URL_GPSR, ...) is
//   passed through unchanged. `kill -USR2 <pid of start.mjs>` exports the emulator accounts right away.
import path from 'node:path';
import fs from 'node:fs';
import {
  ROOT,
  assertPortFree,
  buildBundles,
  log,
  remotePackages,
  runningServices,
  spawnService,
  startApi,
  startAuthEmulator,
  startPayPalSimulatorService,
  startPortalServer,
  startViesSimulator,
  stopAll,
  waitForHttp,
} from './stack.mjs';

const argv = process.argv.slice(2);
const dev = argv.includes('--dev');
const env = process.env;
const port = Number(env.PORT || 8080);
const apiPort = Number(env.API_PORT || 3001);
const emulatorPort = Number(env.AUTH_EMULATOR_PORT || 9099);
const dataDir = path.resolve(ROOT, env.DATA_DIR || '.data');
const exportIntervalS = Number(env.AUTH_EXPORT_INTERVAL_S ?? 300);
const concurrency = Math.max(1, Number(env.BUILD_CONCURRENCY || 2));
const forceBuild = argv.includes('--force-build') || env.FORCE_BUILD === '1';
const SHELL_DEV_PORT = 3000;

const services = [];
/** Services still starting: shutdown waits for them so none is left behind. */
const pending = [];
let shuttingDown = false;
let exportTimer = null;

async function shutdown(code, reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (exportTimer) clearInterval(exportTimer);
  if (reason) log(reason);
  log('stopping (the emulator exports its accounts first; Ctrl-C again to kill at once)');
  await Promise.allSettled(pending);
  await stopAll(services);
  await stopAll(runningServices()); // e.g. a webpack build interrupted by Ctrl-C
  log('stopped');
  process.exit(code);
}

// Ctrl-C under `npm start` arrives twice at once: from the terminal and forwarded by npm. Only a second
// Ctrl-C a moment later means "kill now" (that skips the emulator's export).
let firstSignalAt = 0;
process.on('SIGINT', () => {
  if (shuttingDown) {
    if (Date.now() - firstSignalAt < 1500) return;
    for (const s of runningServices()) s.signal('SIGKILL');
    process.exit(130);
  }
  firstSignalAt = Date.now();
  void shutdown(0);
});
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

/** A service that dies on its own takes the stack down: a half-running portal only confuses. */
function watchExit(service) {
  service.exited.then(({ code, signal }) => {
    if (!shuttingDown) void shutdown(1, `${service.name} exited unexpectedly (${signal ?? `code ${code}`})`);
  });
  return service;
}

/** A service starting while other work goes on: shutdown waits for it; once up it is watched. */
function background(startup) {
  pending.push(startup);
  // Also keeps a failed start-up from being an unhandled rejection while the build runs; it is awaited below.
  startup.then((service) => services.push(watchExit(service))).catch(() => undefined);
  return startup;
}

/** Dev: the api's default registry sends the shell to each remote's dev server (ports from mfe-*\/package.json). */
function remoteUrlEnv() {
  const urls = remotePackages().map(({ id, devPort }) => {
    const key = `REMOTE_URL_${id.toUpperCase().replace(/-/g, '_')}`;
    return [key, env[key] || `http://127.0.0.1:${devPort}/mf-manifest.json`];
  });
  return Object.fromEntries(urls);
}

async function main() {
  const t0 = Date.now();
  const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);
  // The webpack dev servers of `npm run dev`: the shell and every remote, each on its own port.
  const devServers = dev ? [{ folder: 'shell', devPort: SHELL_DEV_PORT }, ...remotePackages()] : [];
  fs.mkdirSync(dataDir, { recursive: true });
  await assertPortFree(apiPort, 'api');
  if (!dev) await assertPortFree(port, 'portal server');
  for (const { folder, devPort } of devServers) await assertPortFree(devPort, `${folder} dev server`);

  // The emulator, the api and the portal server boot while webpack builds. The api's demo accounts wait for the
  // emulator; nothing else in the api's start needs it.
  const authDir = path.join(dataDir, 'auth');
  log(`starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} (accounts kept in ${authDir})`);
  const workDir = path.join(dataDir, '.emulator');
  const emulatorPromise = background(startAuthEmulator({ port: emulatorPort, persistDir: authDir, workDir }));
  // The portal server needs nothing but the port: it reads dist/ per request and proxies /api lazily.
  const emulatorHost = `127.0.0.1:${emulatorPort}`;
  const portalEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  const portalPromise = dev ? null : background(startPortalServer({ port, apiPort, env: portalEnv }));
  // Without VIES_URL the api asks the local VIES simulator (valid: only the VAT IDs of its register file).
  let viesUrl = env.VIES_URL;
  if (!viesUrl) {
    const viesPort = Number(env.VIES_SIMULATOR_PORT || 9190);
    await assertPortFree(viesPort, 'VIES simulator');
    const vies = await background(startViesSimulator({ port: viesPort, registryFile: env.VIES_REGISTRY_FILE }));
    viesUrl = vies.url;
    log(`VIES simulator on ${viesUrl} (register ${env.VIES_REGISTRY_FILE || 'scripts/vies-registry.json'})`);
  }
  const apiEnv = { SEED_DEMO: env.SEED_DEMO ?? 'true', VIES_URL: viesUrl, ...(dev ? remoteUrlEnv() : {}) };
  // PayPal without credentials: the local simulator stands in for PayPal (never in production: there the api
  // trusts only PayPal's own signing certificates).
  if (env.PAYMENT_PROVIDER === 'paypal' && !env.PAYPAL_CLIENT_ID) {
    const simulatorPort = Number(env.PAYPAL_SIMULATOR_PORT || 8790);
    await assertPortFree(simulatorPort, 'PayPal simulator');
    const simulator = await startPayPalSimulatorService({
      port: simulatorPort,
      apiPort,
      returnBaseUrl: dev ? `http://localhost:${SHELL_DEV_PORT}` : `http://localhost:${port}`,
      dataFile: path.join(dataDir, 'paypal-simulator.json'),
    });
    services.push(watchExit(simulator));
    Object.assign(apiEnv, simulator.apiEnv);
    log(
      `PAYMENT_PROVIDER=paypal without PAYPAL_CLIENT_ID: payments go to the local PayPal simulator at ${simulator.url}`,
    );
  }
  const apiPromise = background(startApi({ port: apiPort, dataDir, emulatorHost, watch: dev, env: apiEnv }));

  if (!dev && env.SKIP_BUILD !== '1') await buildBundles({ concurrency, force: forceBuild });
  const emulator = await emulatorPromise;
  log(`Auth emulator ready after ${seconds()} s`);

  if (exportIntervalS > 0) {
    exportTimer = setInterval(() => {
      emulator.exportNow().catch((error) => log(`periodic account export failed: ${error.message}`));
    }, exportIntervalS * 1000);
    exportTimer.unref();
  }
  process.on('SIGUSR2', () => {
    emulator
      .exportNow()
      .then(() => log(`accounts exported to ${emulator.persistDir}`))
      .catch((error) => log(`account export failed: ${error.message}`));
  });

  await apiPromise;
  log(`api ready after ${seconds()} s`);

  // All dev servers start at once; on a small machine their first compile takes a minute or two.
  for (const { folder } of devServers) {
    const service = spawnService(folder, 'npm', ['run', 'dev', '--silent'], {
      cwd: path.join(ROOT, folder),
      env: { NODE_ENV: 'development', API_PORT: String(apiPort), FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    });
    services.push(watchExit(service));
  }
  const shellDev = `http://127.0.0.1:${SHELL_DEV_PORT}`;
  // The page, not /portal-config.json: the dev server answers that before its first compile is done.
  if (dev) await waitForHttp(`${shellDev}/`, { name: 'shell dev server', timeoutMs: 240_000 });
  else await portalPromise;
  const url = dev ? shellDev : `http://localhost:${port}`;

  console.log(`
  Portal ready in ${seconds()} s:  ${url}

  Demo logins
    seller          demo@portal.test   / demo1234
    internal staff  staff@portal.test  / staff1234

  api ${`http://127.0.0.1:${apiPort}/api`} · Auth emulator http://127.0.0.1:${emulatorPort} · VIES ${viesUrl} · data in ${dataDir}${
    apiEnv.PAYPAL_API_BASE ? `\n  PayPal simulator ${apiEnv.PAYPAL_API_BASE} (payments, subscriptions, webhooks)` : ''
  }
  Ctrl-C stops everything (accounts are exported to ${authDir}).
`);
}

main().catch((error) => {
  void shutdown(1, `start failed: ${error.message}`);
});
