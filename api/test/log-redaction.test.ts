import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { EMULATOR_HOST, PROJECT_ID } from './helpers';

describe('request logs', () => {
  it("carry no email address from the URL (?email=, ?userEmail=), and keep the route and the parameters' names", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-log-url-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      FIREBASE_PROJECT_ID: PROJECT_ID,
    });
    const db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL ?? null, pgliteDir: 'memory://' });
    const app = await buildApp(config, { db, logStream: stream });
    await app.ready();
    try {
      for (const [method, url] of [
        ['GET', '/api/user?userEmail=a@b.de'],
        ['DELETE', '/api/user?email=a%40b.de'],
        ['GET', '/api/nowhere?email=a@b.de'],
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    } finally {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('\n');
    expect(all).not.toMatch(/a@b\.de|a%40b\.de/);
    expect(requestLines.map((l) => l.req.url)).toEqual([
      '/api/user?userEmail=[redacted]',
      '/api/user?email=[redacted]',
      '/api/nowhere?email=[redacted]',
    ]);
  });
});
