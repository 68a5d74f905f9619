const { startEmulator, HOST } = require('./emulator.cjs');

module.exports = async function globalSetup() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = HOST;
  globalThis.__PORTAL_AUTH_EMULATOR__ = await startEmulator();
};
