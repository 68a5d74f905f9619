// Where the e2e stack runs: its own ports and a temporary DATA_DIR, so a running `npm start` is left alone.
// The Auth emulator is the one exception: the shell's portal config points the browser at 127.0.0.1:9099,
// so the e2e run shares an emulator already running there (and then never clears it).
export const E2E_PORT = Number(process.env.E2E_PORT || 8190);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT || 3291);
export const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT || 9099);
export const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
export const PROJECT_ID = 'demo-portal';
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Seeded by the api with SEED_DEMO=true (team brief). */
export const DEMO_SELLER = { email: 'demo@portal.test', password: 'demo1234' };
export const DEMO_STAFF = { email: 'staff@portal.test', password: 'staff1234' };
