import { loadConfig, type AppConfig } from '../src/config';

/** The Auth emulator of the test run (test/emulator.cjs starts it unless it answers already). */
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const PROJECT_ID = 'demo-portal';

/**
 * The api's configuration for an app a test or bench builds itself: test mode, files in `dataDir`, sign-in through
 * the run's Auth emulator. `env` adds to that or overrides it (LOG_LEVEL, DATABASE_URL, limits, the seller).
 */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    ...env,
  });
}
