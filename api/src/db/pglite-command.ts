// What the commands on the embedded database (backup, restore) share: where the command was typed, the refusal when
// DATABASE_URL names PostgreSQL (its own tools do the job there), and how they fail.
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { BackupError } from './backup';

/** Where the command was typed: npm runs workspace scripts in api/ and names the original folder in INIT_CWD. */
export const invokedFrom = process.env.INIT_CWD || process.cwd();

/** The configuration of a PGlite command; with DATABASE_URL set it says what to use instead and exits with 2. */
export function pgliteConfig(postgresInstead: string): AppConfig {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(`DATABASE_URL is set: ${postgresInstead}`);
    process.exit(2);
  }
  return config;
}

/** Runs the command: a configuration or backup error says its own message, anything else `<name> failed: …`; exit 1. */
export function runPgliteCommand(name: string, main: () => Promise<void>): void {
  void main().catch((err: unknown) => {
    const known = err instanceof ConfigError || err instanceof BackupError;
    console.error(known ? (err as Error).message : `${name} failed: ${(err as Error).message}`);
    process.exit(1);
  });
}
