import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { testConfig } from './test-config';

export interface LoggedApp {
  app: FastifyInstance;
  /** Every log line the app wrote so far, as written (one JSON object each). */
  lines: string[];
  close(): Promise<void>;
}

/**
 * An api that logs at level info into `lines` instead of stdout, for tests of what the logs carry (and what they must
 * not). `addRoutes` runs before the app is ready, for routes that only a test needs.
 */
export async function createLoggedApp(addRoutes?: (app: FastifyInstance) => void): Promise<LoggedApp> {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-log-'));
  const config = testConfig(dataDir, { LOG_LEVEL: 'info' });
  const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, pgliteDir: 'memory://' });
  const app = await buildApp(config, { db, logStream });
  addRoutes?.(app);
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
