const { stopEmulator } = require('./emulator.cjs');

module.exports = async function globalTeardown() {
  // Only an emulator this run started is stopped; one that was already running stays.
  await stopEmulator(globalThis.__PORTAL_AUTH_EMULATOR__);
  await globalThis.__PORTAL_VIES_SIMULATOR__?.close();
};
