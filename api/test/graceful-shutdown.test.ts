import net from 'node:net';
import { startServerProcess, type ServerProcess } from './server-process';

// SIGTERM drains in-flight requests. The real server (src/server.ts in its own process): a request
// whose body is still arriving when SIGTERM comes is answered; new connections are refused meanwhile; the
// process then exits 0 on its own.

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

let api: ServerProcess | undefined;
afterAll(() => api?.stop());

it('SIGTERM: the request in flight completes, new connections are refused, the process exits 0', async () => {
  api = await startServerProcess({ LOG_LEVEL: 'info' });
  const { child, port, exited } = api;

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
  expect(api.output()).toContain('shutting down');
}, 150_000);
