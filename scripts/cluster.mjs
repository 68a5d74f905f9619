#!/usr/bin/env node
// Two (or more) api instances on one PostgreSQL behind the portal server: the example configuration of "grow past
// one machine" (README), used by `npm run cluster`, scripts/cluster.test.mjs and `npm run soak`.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal npm run cluster
//
// Each api instance gets the same DATABASE_URL, DS_ENCRYPTION_KEY and PAYMENT_SANDBOX_SECRET (stored secrets and
// signed payment events must be readable by every instance) and its own DATA_DIR; rate limits, scheduled jobs and
// files are shared through PostgreSQL (file storage: FILE_STORAGE=s3 for instances on different machines). The
// portal server balances /api over API_URL=http://127.0.0.1:3001,http://127.0.0.1:3002.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ROOT,
  answers,
  assertPortFree,
  freePort,
  log,
  startApi,
  startViesSimulator,
  startAuthEmulator,
  startPortalServer,
  stopAll,
} from './stack.mjs';

/** The env every api instance of one cluster shares (secrets generated once per cluster when not given). */
function sharedApiEnv({ databaseUrl, dataDir, env = process.env }) {
  const secretsFile = path.join(dataDir, 'cluster-secrets.json');
  let secrets;
  if (fs.existsSync(secretsFile)) secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8'));
  else {
    secrets = {
      DS_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      PAYMENT_SANDBOX_SECRET: crypto.randomBytes(32).toString('hex'),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  }
  return {
    DATABASE_URL: databaseUrl,
    DS_ENCRYPTION_KEY: env.DS_ENCRYPTION_KEY || secrets.DS_ENCRYPTION_KEY,
    PAYMENT_SANDBOX_SECRET: env.PAYMENT_SANDBOX_SECRET || secrets.PAYMENT_SANDBOX_SECRET,
    // One instance writes the demo seed at a time (the seed is idempotent); jobs claim their period in the database.
    SEED_DEMO: env.SEED_DEMO ?? 'true',
  };
}

/**
 * Starts `instances` api processes on `databaseUrl` (ports apiPort, apiPort+1, …) and the portal server in front.
 * Returns the services, a `restart(i)` that drains instance i with SIGTERM and starts it again, and `stop()`.
 */
export async function startCluster({
  databaseUrl,
  emulatorHost,
  instances = 2,
  apiPort = 3001,
  portalPort = 8080,
  dataDir = path.join(ROOT, '.data', 'cluster'),
  apiEnv = {},
  /** Keep the children's output off this process's stdout (tests, soak). */
  quiet = false,
}) {
  if (!databaseUrl) throw new Error('a cluster needs DATABASE_URL (PostgreSQL shared by the api instances)');
  const shared = { ...sharedApiEnv({ databaseUrl, dataDir }), ...apiEnv };
  const ports = Array.from({ length: instances }, (_, i) => apiPort + i);
  for (const port of ports) await assertPortFree(port, 'api');
  await assertPortFree(portalPort, 'portal server');
  const apis = [];
  // Without VIES_URL the instances ask a VIES simulator of their own (never the real VIES by accident).
  const vies = shared.VIES_URL || process.env.VIES_URL ? null : await startViesSimulator({ port: await freePort() });
  const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', ...shared, ...(vies ? { VIES_URL: vies.url } : {}) };
  const startOne = (i) => {
    const name = `api-${i + 1}`;
    return startApi({ name, port: ports[i], dataDir: path.join(dataDir, name), emulatorHost, env, quiet });
  };
  try {
    // The first instance migrates and seeds alone; the others then start together.
    apis.push(await startOne(0));
    apis.push(...(await Promise.all(ports.slice(1).map((_, i) => startOne(i + 1)))));
    const apiUrl = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
    const portal = await startPortalServer({
      port: portalPort,
      apiPort: ports[0],
      env: { API_URL: apiUrl, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    });
    return {
      apis,
      portal,
      apiUrl,
      url: `http://127.0.0.1:${portalPort}`,
      /** SIGTERM (the instance drains its requests and exits), then the same instance starts again. */
      async restart(i) {
        await apis[i].stop('SIGTERM', 15_000);
        apis[i] = await startOne(i);
        return apis[i];
      },
      stop: () => stopAll([vies, ...apis, portal]),
    };
  } catch (error) {
    await stopAll([vies, ...apis]);
    throw error;
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Set DATABASE_URL to the PostgreSQL the api instances share, e.g.');
    console.error('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal npm run cluster');
    process.exit(1);
  }
  // An Auth emulator already answering on the port is used as it is.
  const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT || 9099);
  const emulator = (await answers(`http://127.0.0.1:${emulatorPort}`))
    ? null
    : await startAuthEmulator({ port: emulatorPort });
  const cluster = await startCluster({
    databaseUrl,
    emulatorHost: `127.0.0.1:${emulatorPort}`,
    instances: Number(process.env.API_INSTANCES || 2),
    apiPort: Number(process.env.API_PORT || 3001),
    portalPort: Number(process.env.PORT || 8080),
    dataDir: process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'cluster') : undefined,
  });
  log(`portal on ${cluster.url}, /api balanced over ${cluster.apiUrl} (Ctrl-C stops everything)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    await emulator?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  void main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
