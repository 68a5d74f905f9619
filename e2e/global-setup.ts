// Starts the real stack for the journeys (scripts/stack.mjs, the same pieces `npm start` uses) and returns the
// teardown. Own ports and a temporary DATA_DIR; the Auth emulator on 9099 is reused when one already runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  answers,
  assertPortFree,
  buildBundles,
  clearEmulatorAccounts,
  freePort,
  startApi,
  startAuthEmulator,
  startPortalServer,
  startViesSimulator,
  stopAll,
} from '../scripts/stack.mjs';
import { E2E_API_PORT, E2E_PORT, EMULATOR_PORT, EMULATOR_URL } from './support/env';

export default async function globalSetup() {
  const started: Array<{ running: boolean; stop(): Promise<unknown> }> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const teardown = async () => {
    await stopAll(started);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await assertPortFree(E2E_PORT, 'e2e portal server');
    await assertPortFree(E2E_API_PORT, 'e2e api');
    if (process.env.E2E_SKIP_BUILD !== '1') await buildBundles();

    if (await answers(`${EMULATOR_URL}/`)) {
      console.log(`[e2e] reusing the Auth emulator already running on ${EMULATOR_URL} (its accounts are kept)`);
    } else {
      const emulator = await startAuthEmulator({
        port: EMULATOR_PORT,
        persistDir: null,
        workDir: path.join(dataDir, 'emulator'),
      });
      started.push(emulator);
      // Ours alone: start from no accounts at all.
      await clearEmulatorAccounts(EMULATOR_PORT);
    }
    const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
    // The api asks this VIES simulator (register scripts/vies-registry.json): ATU13585627 is valid, other numbers not.
    const vies = await startViesSimulator({ port: await freePort() });
    started.push(vies);
    started.push(
      await startApi({
        port: E2E_API_PORT,
        dataDir: path.join(dataDir, 'data'),
        emulatorHost,
        // Every journey's browser reaches the api from one address (127.0.0.1 behind the portal server), so the
        // per-address limit would count the whole suite as one client; the limits have api tests of their own.
        env: {
          SEED_DEMO: 'true',
          DS_ALLOWED_HOSTS: '127.0.0.1,localhost',
          RATE_LIMIT_MAX: '100000',
          VIES_URL: vies.url,
        },
      }),
    );
    started.push(
      await startPortalServer({
        port: E2E_PORT,
        apiPort: E2E_API_PORT,
        env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
      }),
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
