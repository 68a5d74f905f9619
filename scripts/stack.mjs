// Pieces of the local stack, shared by scripts/start.mjs (npm start / npm run dev) and the e2e global setup:
// the bundles (built by the task runner), child processes with prefixed output, the Firebase Auth emulator
// (import/export of accounts), the api and the portal server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

/** Packages built by webpack: the shell and every mfe-* folder with a webpack config. */
export function webpackPackages(root = ROOT) {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (d.name === 'shell' || d.name.startsWith('mfe-')))
    .map((d) => d.name)
    .filter((name) => fs.existsSync(path.join(root, name, 'webpack.config.js')))
    .sort((a, b) => (a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b)));
}

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
export function runningServices() {
  return [...running];
}

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
  const pipeLines = (stream, out) => {
    const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
    rl.on('line', (line) => {
      if (!quiet) out.write(`${prefix} ${line}\n`);
    });
  };
  pipeLines(child.stdout, process.stdout);
  pipeLines(child.stderr, process.stderr);

  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      running.delete(service);
      resolve(exitInfo);
    });
    child.on('error', (error) => {
      console.error(`${prefix} could not start ${command}: ${error.message}`);
      exitInfo = { code: 127, signal: null };
      running.delete(service);
      resolve(exitInfo);
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

/** Resolves when `url` answers with a status accepted by `ok`; rejects on timeout or when `service` exits. */
export async function waitForHttp(url, { timeoutMs = 60_000, service, ok = (status) => status < 500, name } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (service && !service.running) throw new Error(`${name ?? service.name} exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer().catch(() => undefined);
      if (ok(response.status)) return response.status;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await sleep(200);
  }
  throw new Error(`${name ?? url} did not answer within ${timeoutMs / 1000} s (${lastError})`);
}

/** Runs the readiness wait; a service that never became ready is stopped before the error goes on. */
async function waitOrStop(service, wait) {
  try {
    await wait();
  } catch (error) {
    await service.stop('SIGTERM', 5000);
    throw error;
  }
}

/** True when something answers HTTP on the URL (any status). */
export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
    await response.arrayBuffer().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Firebase Auth emulator

function firebaseBin(root) {
  const pkgJson = require.resolve('firebase-tools/package.json', { paths: [root] });
  return path.join(path.dirname(pkgJson), 'lib', 'bin', 'firebase.js');
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The emulator's config. The repo's firebase.json (written when missing) is the documented default for running
 * the emulator by hand; the stack uses a generated copy that also pins the hub and logging ports to free ones,
 * because two emulator suites on one machine otherwise collide on 4400/4500.
 */
async function emulatorConfigFile(root, port, workDir) {
  const repoConfig = path.join(root, 'firebase.json');
  const config = { emulators: { auth: { port, host: '127.0.0.1' }, ui: { enabled: false }, singleProjectMode: true } };
  if (!fs.existsSync(repoConfig))
    fs.writeFileSync(
      repoConfig,
      `${JSON.stringify({ ...config, emulators: { ...config.emulators, auth: { port: 9099, host: '127.0.0.1' } } }, null, 2)}\n`,
    );
  config.emulators.hub = { port: await freePort(), host: '127.0.0.1' };
  config.emulators.logging = { port: await freePort(), host: '127.0.0.1' };
  const file = path.join(workDir, 'firebase.json');
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * Ready means: OUR hub (locator file in our private temp dir, written by our child) lists the auth emulator on
 * our port, and that port answers. A bare "port answers" could be another emulator that grabbed the port first.
 */
async function waitForOwnEmulator({ service, locatorFile, port, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!service.running) throw new Error(`the Auth emulator exited during start-up (is port ${port} taken?)`);
    try {
      const locator = JSON.parse(fs.readFileSync(locatorFile, 'utf8'));
      if (locator.pid === service.child.pid && locator.origins?.[0]) {
        const response = await fetch(`${locator.origins[0]}/emulators`, { signal: AbortSignal.timeout(2000) });
        const emulators = response.ok ? await response.json() : {};
        if (emulators.auth?.port === port && (await answers(`${emulatorUrl(port)}/`))) return;
      }
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`the Auth emulator did not get ready within ${timeoutMs / 1000} s`);
}

export function emulatorUrl(port) {
  return `http://127.0.0.1:${port}`;
}

/**
 * Starts `firebase emulators:start --only auth`. With `persistDir` the accounts are imported from it (when an
 * export exists) and exported into it on exit; without it the emulator starts empty and keeps nothing.
 * Update checks, the message of the day and usage reporting are switched off (CI=true, NO_UPDATE_NOTIFIER):
 * the emulator never needs the internet. The Auth emulator is plain Node, it needs no Java.
 */
export async function startAuthEmulator({ root = ROOT, port = 9099, persistDir = null, workDir, timeoutMs = 90_000 }) {
  const url = emulatorUrl(port);
  if (await answers(url)) {
    throw new Error(
      `something already answers on ${url} (another Firebase emulator?). Stop it, or set AUTH_EMULATOR_PORT to a free port.`,
    );
  }
  const tmp = workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-emulator-'));
  fs.mkdirSync(tmp, { recursive: true });
  const args = [firebaseBin(root), 'emulators:start', '--only', 'auth', '--project', PROJECT_ID];
  args.push('--config', await emulatorConfigFile(root, port, tmp));
  if (persistDir) {
    const dir = path.resolve(persistDir);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    if (fs.existsSync(path.join(dir, 'firebase-export-metadata.json'))) args.push('--import', dir);
    args.push('--export-on-exit', dir);
  }
  const service = spawnService('auth', process.execPath, args, {
    cwd: root,
    env: {
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      // The hub writes its locator file to the temp dir; a private one keeps parallel emulators apart.
      TMPDIR: tmp,
    },
  });
  const locatorFile = path.join(tmp, `hub-${PROJECT_ID}.json`);
  await waitOrStop(service, () => waitForOwnEmulator({ service, locatorFile, port, timeoutMs }));
  const stopGroup = service.stop;
  // Object.assign onto the service keeps its live `running` getter.
  return Object.assign(service, {
    url,
    host: `127.0.0.1:${port}`,
    persistDir: persistDir ? path.resolve(persistDir) : null,
    /** Asks the emulator hub to export accounts now (used periodically and on SIGUSR2). */
    async exportNow() {
      if (!persistDir || !service.running) return false;
      const locator = JSON.parse(fs.readFileSync(locatorFile, 'utf8'));
      const origin = locator.origins?.[0];
      if (!origin) throw new Error('emulator hub locator has no origin');
      const response = await fetch(`${origin}/_admin/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: path.resolve(persistDir), initiatedBy: 'portal-start' }),
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
  const response = await fetch(`${emulatorUrl(port)}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`clearing emulator accounts failed: HTTP ${response.status}`);
}

// ---------------------------------------------------------------------------------------------------------------
// api and portal server

function tsxBin(root) {
  const pkgJson = require.resolve('tsx/package.json', { paths: [path.join(root, 'api'), root] });
  return path.join(path.dirname(pkgJson), 'dist', 'cli.mjs');
}

/**
 * Starts the api (`tsx src/server.ts`, or `tsx watch` in dev) and waits for /api/health.
 * @param {{ port: number, dataDir: string, emulatorHost: string, watch?: boolean, env?: object, quiet?: boolean }} options
 */
export async function startApi({
  root = ROOT,
  port = 3001,
  dataDir,
  emulatorHost,
  watch = false,
  env = {},
  timeoutMs = 90_000,
  quiet = false,
}) {
  const args = [tsxBin(root), ...(watch ? ['watch', '--clear-screen=false'] : []), 'src/server.ts'];
  const service = spawnService('api', process.execPath, args, {
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
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  await waitOrStop(service, () => waitForHttp(healthUrl, { timeoutMs, service, name: 'api', ok: (s) => s === 200 }));
  return Object.assign(service, { url: `http://127.0.0.1:${port}` });
}

/** Starts scripts/serve-portal.mjs as a child and waits until it serves /portal-config.json. */
export async function startPortalServer({ root = ROOT, port = 8080, apiPort = 3001, env = {}, timeoutMs = 30_000 }) {
  const service = spawnService('portal', process.execPath, [path.join(ROOT, 'scripts', 'serve-portal.mjs')], {
    cwd: root,
    env: { PORT: String(port), API_URL: `http://127.0.0.1:${apiPort}`, PORTAL_ROOT: root, ...env },
  });
  await waitOrStop(service, () =>
    waitForHttp(`http://127.0.0.1:${port}/portal-config.json`, {
      timeoutMs,
      service,
      name: 'portal server',
      ok: (s) => s === 200,
    }),
  );
  return Object.assign(service, { url: `http://localhost:${port}` });
}

/** Throws a clear message when a TCP port is taken (checked before starting services that need it). */
export async function assertPortFree(port, what) {
  const net = await import('node:net');
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} (${what}) is already in use; stop what runs there or choose another port via env`
            : `port ${port} (${what}): ${error.message}`,
        ),
      );
    });
    server.listen(port, () => server.close(resolve));
  });
}

/** Stops services in reverse start order (portal before api before emulator). */
export async function stopAll(services) {
  for (const service of [...services].reverse()) {
    if (service?.running) await service.stop();
  }
}
