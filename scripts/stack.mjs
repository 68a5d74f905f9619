// Pieces of the local stack, shared by scripts/start.mjs (npm start / npm run dev) and the e2e global setup:
// the bundles (built by the task runner), child processes with prefixed output, the Firebase Auth emulator
// (import/export of accounts), the api and the portal server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-portal';

/**
 * The remotes: every `mfe-*` folder whose package.json has a `portal` field `{ "id": "<registry id>", "devPort": n }`.
 * Nothing lists them elsewhere — a new remote folder is picked up as it is. Throws a clear message for a malformed
 * field or two remotes on one dev port.
 * @returns {Array<{ folder: string, id: string, devPort: number }>}
 */
export function remotePackages(root = ROOT) {
  const remotes = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !/^mfe-[a-z0-9-]+$/.test(entry.name)) continue;
    const file = path.join(root, entry.name, 'package.json');
    if (!fs.existsSync(file)) continue;
    const { portal } = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (portal === undefined) continue;
    const { id, devPort } = portal ?? {};
    if (typeof id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(id)) {
      throw new Error(`${entry.name}/package.json: "portal.id" must be the remote's id (lower-case, e.g. "gpsr")`);
    }
    if (!Number.isInteger(devPort) || devPort < 1024 || devPort > 65535) {
      throw new Error(`${entry.name}/package.json: "portal.devPort" must be a port number from 1024 to 65535`);
    }
    const clash = remotes.find((r) => r.devPort === devPort || r.id === id);
    if (clash) {
      const what = clash.devPort === devPort ? `dev port ${devPort}` : `id "${id}"`;
      throw new Error(`${entry.name} and ${clash.folder} both use ${what} (package.json "portal")`);
    }
    remotes.push({ folder: entry.name, id, devPort });
  }
  return remotes.sort((a, b) => a.folder.localeCompare(b.folder));
}

export const SHELL_DEV_PORT = 3000;

const COLORS = [36, 35, 33, 32, 34, 91, 92, 93, 94, 95, 96];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
let colorIndex = 0;

function label(name) {
  const text = `[${name}]`;
  if (!useColor) return text;
  const color = COLORS[colorIndex++ % COLORS.length];
  return `\x1b[${color}m${text}\x1b[0m`;
}

export function log(message) {
  console.log(`${useColor ? '\x1b[1m[start]\x1b[0m' : '[start]'} ${message}`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// Bundles

/**
 * `lerna run build`: Nx's task runner builds only what is stale (inputs and outputs declared in nx.json) and
 * restores or keeps the rest from its local cache. Every package is tried even when one fails; a failure then
 * rejects only with `strict` or when there is no shell bundle (without a remote the shell shows an error panel
 * where it is needed).
 */
export async function buildBundles({
  root = ROOT,
  concurrency = 2,
  force = false,
  strict = false,
  quiet = false,
} = {}) {
  const lerna = require.resolve('lerna/cli', { paths: [root] });
  const args = [lerna, 'run', 'build', '--no-bail', '--concurrency', String(concurrency)];
  if (force) args.push('--skip-nx-cache');
  const started = Date.now();
  const { code, signal } = await spawnService('build', process.execPath, args, {
    cwd: root,
    env: { NX_NO_CLOUD: 'true' },
    quiet,
  }).exited;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) return log(`bundles ready after ${seconds} s`);
  const error = new Error(`build failed (${signal ?? `exit code ${code}`})`);
  if (strict || !fs.existsSync(path.join(root, 'shell', 'dist', 'index.html'))) throw error;
  log(`WARNING: ${error.message}; the portal shows an error panel where a remote did not build`);
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes

/** Every spawned service still running, in start order (so an interrupted build is not left behind). */
const running = new Set();
export const runningServices = () => [...running];

/**
 * Spawns a child in its own process group (so Ctrl-C reaches it only through us, once, and in the right order)
 * and prefixes each output line with its name.
 */
export function spawnService(name, command, args, { cwd = ROOT, env = {}, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const prefix = label(name);
  // Quiet output is read all the same (a full pipe would stall the child) and stays readable on child.stdout.
  const prefixLines = (input, out) =>
    readline.createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
      if (!quiet) out.write(`${prefix} ${line}\n`);
    });
  prefixLines(child.stdout, process.stdout);
  prefixLines(child.stderr, process.stderr);

  let exitInfo = null;
  const exited = new Promise((resolve) => {
    const done = (info) => {
      exitInfo = info;
      running.delete(service);
      resolve(info);
    };
    child.on('exit', (code, signal) => done({ code, signal }));
    child.on('error', (error) => {
      console.error(`${prefix} could not start ${command}: ${error.message}`);
      done({ code: 127, signal: null });
    });
  });

  const signalGroup = (signal) => {
    if (exitInfo || !child.pid) return;
    try {
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
    } catch {
      // already gone
    }
  };

  const service = {
    name,
    child,
    exited,
    get running() {
      return exitInfo === null;
    },
    signal: signalGroup,
    /** Sends `signal`, waits up to timeoutMs, then kills the whole process group. */
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      if (exitInfo) return exitInfo;
      signalGroup(signal);
      const timer = sleep(timeoutMs).then(() => 'timeout');
      if ((await Promise.race([exited, timer])) === 'timeout') {
        console.error(`${prefix} did not stop within ${timeoutMs / 1000} s, killing it`);
        signalGroup('SIGKILL');
      }
      // Children of the group (tsx's node, webpack workers) may outlive the leader briefly.
      signalGroup('SIGKILL');
      return exited;
    },
  };
  running.add(service);
  return service;
}

/** GETs `url`, discards the body and resolves with the status. */
async function statusOf(url, timeoutMs = 2000) {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/** True when something answers HTTP on the URL (any status). */
export const answers = (url) => statusOf(url, 1500).then(Boolean, () => false);

/**
 * Calls `ready` every 250 ms until it returns true; rejects on timeout or when `service` exits first. A service that
 * never became ready is stopped before the error goes on.
 */
async function waitUntil(ready, { what, timeoutMs, service }) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  try {
    while (Date.now() < deadline) {
      if (service && !service.running) throw new Error(`${what} exited during start-up`);
      try {
        if (await ready()) return;
      } catch (error) {
        lastError = error.cause?.code ?? error.message;
      }
      await sleep(250);
    }
    throw new Error(`${what} did not get ready within ${timeoutMs / 1000} s (${lastError})`);
  } catch (error) {
    await service?.stop('SIGTERM', 5000);
    throw error;
  }
}

/** Resolves when `url` answers 200 (see waitUntil). */
export function waitForHttp(url, { name = url, timeoutMs = 60_000, service } = {}) {
  const ok = async () => {
    const status = await statusOf(url);
    if (status !== 200) throw new Error(`HTTP ${status}`);
    return true;
  };
  return waitUntil(ok, { what: name, timeoutMs, service });
}

/** Listens on `port` (0: any) for a moment; resolves with the port, rejects when it is taken. */
function probePort(port, host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export const freePort = () => probePort(0, '127.0.0.1');

/** Throws a clear message when a TCP port is taken (checked before starting services that need it). */
export async function assertPortFree(port, what) {
  try {
    await probePort(port);
  } catch (error) {
    throw new Error(
      error.code === 'EADDRINUSE'
        ? `port ${port} (${what}) is already in use; stop what runs there or choose another port via env`
        : `port ${port} (${what}): ${error.message}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Firebase Auth emulator

function firebaseBin(root) {
  const pkgJson = require.resolve('firebase-tools/package.json', { paths: [root] });
  return path.join(path.dirname(pkgJson), 'lib', 'bin', 'firebase.js');
}

/**
 * `node` arguments that run the firebase CLI with the preload that compiles the emulator's request schemas on first
 * use instead of at start (scripts/emulator-lazy-schemas.cjs). Also used by the api tests' emulator.
 */
export function firebaseNodeArgs(root = ROOT) {
  return ['-r', path.join(ROOT, 'scripts', 'emulator-lazy-schemas.cjs'), firebaseBin(root)];
}

/**
 * The emulator's config. The repo's firebase.json is the documented default for running the emulator by hand; the
 * stack uses its own that also pins the hub and logging ports to free ones, because two emulator suites on one
 * machine otherwise collide on 4400/4500.
 */
async function emulatorConfigFile(port, workDir) {
  const host = '127.0.0.1';
  const hub = { port: await freePort(), host };
  const logging = { port: await freePort(), host };
  const emulators = { auth: { port, host }, hub, logging, ui: { enabled: false }, singleProjectMode: true };
  const file = path.join(workDir, 'firebase.json');
  fs.writeFileSync(file, JSON.stringify({ emulators }, null, 2));
  return file;
}

/**
 * Starts `firebase emulators:start --only auth`. With `persistDir` the accounts are imported from it (when an
 * export exists) and exported into it on exit; without it the emulator starts empty and keeps nothing.
 * Update checks, the message of the day and usage reporting are switched off (CI=true, NO_UPDATE_NOTIFIER):
 * the emulator never needs the internet. The Auth emulator is plain Node, it needs no Java.
 */
export async function startAuthEmulator({ root = ROOT, port = 9099, persistDir = null, workDir, timeoutMs = 90_000 }) {
  const url = `http://127.0.0.1:${port}`;
  if (await answers(url)) {
    throw new Error(
      `something already answers on ${url} (another Firebase emulator?). Stop it, or set AUTH_EMULATOR_PORT to a free port.`,
    );
  }
  const tmp = workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-emulator-'));
  fs.mkdirSync(tmp, { recursive: true });
  const args = [...firebaseNodeArgs(root), 'emulators:start', '--only', 'auth'];
  args.push('--project', PROJECT_ID, '--config', await emulatorConfigFile(port, tmp));
  const dir = persistDir && path.resolve(persistDir);
  if (dir) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    if (fs.existsSync(path.join(dir, 'firebase-export-metadata.json'))) args.push('--import', dir);
    args.push('--export-on-exit', dir);
  }
  // The hub writes its locator file to the temp dir; a private one keeps parallel emulators apart.
  const env = { CI: 'true', NO_UPDATE_NOTIFIER: '1', TMPDIR: tmp };
  const service = spawnService('auth', process.execPath, args, { cwd: root, env });
  /** The origin of OUR hub: the locator file in our private temp dir, written by our child. */
  const hubOrigin = () => {
    const { pid, origins } = JSON.parse(fs.readFileSync(path.join(tmp, `hub-${PROJECT_ID}.json`), 'utf8'));
    if (pid !== service.child.pid || !origins?.[0]) throw new Error('no hub locator yet');
    return origins[0];
  };
  // Ready means: our hub lists the auth emulator on our port, and that port answers. A bare "port answers" could be
  // another emulator that grabbed the port first.
  const ready = async () => {
    const response = await fetch(`${hubOrigin()}/emulators`, { signal: AbortSignal.timeout(2000) });
    const emulators = response.ok ? await response.json() : {};
    return emulators.auth?.port === port && (await answers(`${url}/`));
  };
  await waitUntil(ready, { what: `the Auth emulator (port ${port})`, timeoutMs, service });
  const stopGroup = service.stop;
  // Object.assign onto the service keeps its live `running` getter.
  return Object.assign(service, {
    url,
    host: `127.0.0.1:${port}`,
    persistDir: dir || null,
    /** Asks the emulator hub to export accounts now (used periodically and on SIGUSR2). */
    async exportNow() {
      if (!dir || !service.running) return false;
      const response = await fetch(`${hubOrigin()}/_admin/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: dir, initiatedBy: 'portal-start' }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`export failed: HTTP ${response.status} ${await response.text()}`);
      return true;
    },
    /** Export happens on SIGINT (firebase's clean shutdown); give it time before killing. */
    stop: (_signal, timeoutMs = 30_000) => stopGroup('SIGINT', timeoutMs),
  });
}

/** Deletes every account of the project in the emulator (only for an emulator we started ourselves). */
export async function clearEmulatorAccounts(port = 9099) {
  const response = await fetch(`http://127.0.0.1:${port}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`clearing emulator accounts failed: HTTP ${response.status}`);
}

// ---------------------------------------------------------------------------------------------------------------
// VIES simulator

/**
 * Starts scripts/vies-simulator.cjs (the local VIES the api asks when VIES_URL points at it) and waits until it
 * answers. `registryFile` is its register (default: VIES_REGISTRY_FILE, else scripts/vies-registry.json).
 */
export async function startViesSimulator({ root = ROOT, port = 9190, registryFile, timeoutMs = 30_000 } = {}) {
  const url = `http://127.0.0.1:${port}`;
  if (await answers(`${url}/check-status`)) {
    throw new Error(`something already answers on ${url}; stop it, or set VIES_SIMULATOR_PORT to a free port.`);
  }
  const env = { PORT: String(port), HOST: '127.0.0.1', ...(registryFile ? { VIES_REGISTRY_FILE: registryFile } : {}) };
  const script = path.join(ROOT, 'scripts', 'vies-simulator.cjs');
  const service = spawnService('vies', process.execPath, [script], { cwd: root, env });
  await waitForHttp(`${url}/check-status`, { name: 'the VIES simulator', timeoutMs, service });
  return Object.assign(service, { url });
}

// ---------------------------------------------------------------------------------------------------------------
// api and portal server

/** tsx's CLI as the api resolves it (run with `node`). */
export function tsxBin(root = ROOT) {
  const pkgJson = require.resolve('tsx/package.json', { paths: [path.join(root, 'api'), root] });
  return path.join(path.dirname(pkgJson), 'dist', 'cli.mjs');
}

/**
 * Starts the api (`tsx src/server.ts`, or `tsx watch` in dev) and waits for /api/health.
 * @param {{ port: number, dataDir: string, emulatorHost: string, watch?: boolean, env?: object, quiet?: boolean }} options
 */
export async function startApi({
  root = ROOT,
  name = 'api',
  port = 3001,
  dataDir,
  emulatorHost,
  watch = false,
  env = {},
  timeoutMs = 90_000,
  quiet = false,
}) {
  const args = [tsxBin(root), ...(watch ? ['watch', '--clear-screen=false'] : []), 'src/server.ts'];
  const service = spawnService(name, process.execPath, args, {
    cwd: path.join(root, 'api'),
    quiet,
    env: {
      PORT: String(port),
      API_PORT: String(port),
      SEED_DEMO: 'true',
      DATA_DIR: path.resolve(dataDir),
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, { name, timeoutMs, service });
  return Object.assign(service, { url });
}

/** Starts scripts/serve-portal.mjs as a child and waits until it serves /portal-config.json. */
export async function startPortalServer({ root = ROOT, port = 8080, apiPort = 3001, env = {}, timeoutMs = 30_000 }) {
  const service = spawnService('portal', process.execPath, [path.join(ROOT, 'scripts', 'serve-portal.mjs')], {
    cwd: root,
    env: { PORT: String(port), API_URL: `http://127.0.0.1:${apiPort}`, PORTAL_ROOT: root, ...env },
  });
  await waitForHttp(`http://127.0.0.1:${port}/portal-config.json`, { name: 'portal server', timeoutMs, service });
  return Object.assign(service, { url: `http://localhost:${port}` });
}

/**
 * The local PayPal simulator (scripts/paypal-simulator) as a child, and the api variables that point at it: the
 * credentials it accepts, its webhook id and catalog product, PAYPAL_API_BASE and the portal origin PayPal sends the
 * buyer back to. Its webhooks go to the api's /api/payment/webhook/paypal; its state is kept in `dataFile`.
 * @param {{ port: number, apiPort: number, returnBaseUrl: string, dataFile?: string | null, quiet?: boolean }} options
 */
export async function startPayPalSimulatorService({ port, apiPort, returnBaseUrl, dataFile = null, quiet = false }) {
  const ids = {
    PAYPAL_CLIENT_ID: 'simulator-client-id',
    PAYPAL_CLIENT_SECRET: 'simulator-client-secret',
    PAYPAL_WEBHOOK_ID: 'WH-SIMULATOR-0000000000',
    PAYPAL_PRODUCT_ID: 'PROD-PORTAL-SIMULATOR',
  };
  const service = spawnService(
    'paypal',
    process.execPath,
    [path.join(ROOT, 'scripts', 'paypal-simulator', 'main.mjs')],
    {
      quiet,
      env: {
        ...ids,
        PAYPAL_SIMULATOR_PORT: String(port),
        PAYPAL_SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/payment/webhook/paypal`,
        ...(dataFile && { PAYPAL_SIMULATOR_DATA_FILE: dataFile }),
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/v1/simulator/certs/root.pem`, { name: 'PayPal simulator', timeoutMs: 30_000, service });
  return Object.assign(service, {
    url,
    apiEnv: {
      PAYMENT_PROVIDER: 'paypal',
      ...ids,
      PAYPAL_API_BASE: url,
      PAYPAL_RETURN_BASE_URL: returnBaseUrl,
    },
  });
}

/** Stops services in reverse start order (portal before api before emulator). */
export async function stopAll(services) {
  for (const service of [...services].reverse()) {
    if (service?.running) await service.stop();
  }
}
