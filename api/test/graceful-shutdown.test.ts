import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EMULATOR_HOST, freePort } from './helpers';

// SIGTERM drains in-flight requests. The real server (src/server.ts in its own process): a request
// whose body is still arriving when SIGTERM comes is answered; new connections are refused meanwhile; the
// process then exits 0 on its own.

const API_DIR = path.resolve(__dirname, '..');

const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });

/** Reads the whole response of a `Connection: close` request. */
const readAll = (socket: net.Socket) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.once('end', () => resolve(data));
    socket.once('error', reject);
  });

let child: ChildProcess | undefined;
let dataDir = '';
let output = '';
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('SIGTERM: the request in flight completes, new connections are refused, the process exits 0', async () => {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-drain-'));
  // PGlite in DATA_DIR (no DATABASE_URL): this test is about the process, not the database.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      SEED_DEMO: 'false',
      JOBS_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

  // Up when /api/health answers.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`api did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  // A slow client: headers and half of the body now, the rest after SIGTERM.
  const body = JSON.stringify({
    key: 'AAAA-BBBB-CCCC-DDDD',
    plugin: 'mobile',
    identifier: { type: 'email', value: 'a@b.de' },
  });
  const half = Math.floor(body.length / 2);
  const slow = await connect(port);
  const answer = readAll(slow);
  slow.write(
    `POST /api/license/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  await new Promise((r) => setTimeout(r, 300));

  child.kill('SIGTERM');
  // The listener closes at once: new connections are refused while the slow request is still open.
  const refusedBy = Date.now() + 10_000;
  let refused = false;
  while (!refused && Date.now() < refusedBy) {
    refused = await connect(port).then(
      (s) => {
        s.destroy();
        return false;
      },
      (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
    );
    if (!refused) await new Promise((r) => setTimeout(r, 50));
  }
  expect(refused).toBe(true);
  expect(child.exitCode).toBeNull(); // still draining

  await new Promise((r) => setTimeout(r, 500));
  slow.write(body.slice(half));
  const response = await answer;
  expect(response).toMatch(/^HTTP\/1\.1 200 /);
  expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
    valid: false,
    code: 'NOT_FOUND',
  });

  expect(await exited).toBe(0);
  expect(output).toContain('shutting down');
}, 150_000);
