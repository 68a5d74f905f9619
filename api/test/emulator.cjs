// Starts the Firebase Auth emulator for the api tests when 127.0.0.1:9099 does not answer.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// 127.0.0.1:9099 (the repo's firebase.json) unless FIREBASE_AUTH_EMULATOR_HOST names another port,
// e.g. to keep a test run away from an emulator that other processes start and stop.
const HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
const REPO_ROOT = path.resolve(__dirname, '..', '..');

async function answers() {
  try {
    const res = await fetch(`http://${HOST}/`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function startEmulator({ timeoutMs = 90_000 } = {}) {
  if (await answers()) return null;
  // Started as scripts/stack.mjs starts it (with the preload that makes it ready in seconds).
  const { firebaseNodeArgs } = await import('../../scripts/stack.mjs');
  const args = [...firebaseNodeArgs(), 'emulators:start', '--only', 'auth', '--project', 'demo-portal'];
  const [host, port] = HOST.split(':');
  if (HOST !== '127.0.0.1:9099') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-auth-emulator-'));
    const config = {
      emulators: {
        auth: { port: Number(port), host },
        hub: { port: Number(port) + 1 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    };
    fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config));
    args.push('--config', path.join(dir, 'firebase.json'));
  }
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: '',
      CI: 'true',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited early:\n${output}`);
    if (await answers()) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  stopEmulator(child);
  throw new Error(`The Auth emulator did not answer on ${HOST} within ${timeoutMs} ms:\n${output}`);
}

async function stopEmulator(child) {
  if (!child) return;
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* group already gone */
    }
  };
  signal('SIGINT');
  // The emulator takes a moment to shut down after SIGINT.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (await answers())) await new Promise((r) => setTimeout(r, 300));
  if (await answers()) signal('SIGKILL');
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
}

module.exports = { startEmulator, stopEmulator, answers, HOST };
