const { startEmulator, HOST } = require('./emulator.cjs');
const { startViesSimulator } = require('../../scripts/vies-simulator.cjs');

module.exports = async function globalSetup() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = HOST;
  globalThis.__PORTAL_AUTH_EMULATOR__ = await startEmulator();
  // Every test app asks this VIES simulator (its register: scripts/vies-registry.json) unless a test starts its own;
  // the workers inherit VIES_URL. Never the real VIES: tests stay offline.
  if (!process.env.VIES_URL) {
    globalThis.__PORTAL_VIES_SIMULATOR__ = await startViesSimulator();
    process.env.VIES_URL = globalThis.__PORTAL_VIES_SIMULATOR__.url;
  }
};
