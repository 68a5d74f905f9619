import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMULATOR_HOST, freePort } from './helpers';

const API_DIR = path.resolve(__dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
  /** Kills it if it still runs, and removes its data dir. */
  stop(): void;
}

/**
 * The real server (src/server.ts) in a process of its own, for tests of what only a process shows (signals, modules
 * loaded at start): on a free port, in test mode with the run's Auth emulator, no demo seed and no jobs, and on PGlite
 * in a data dir of its own (DATABASE_URL is dropped: these tests are about the process, not the database). `env` adds
 * to that. Resolves once /api/health answers 200; if the server exits or is not up within 90 s it is stopped and the
 * error carries its output.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-process-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      SEED_DEMO: 'false',
      JOBS_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      server.stop();
      throw new Error(`api did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}
