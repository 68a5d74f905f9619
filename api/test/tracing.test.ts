// Traces: with OTEL_EXPORTER_OTLP_ENDPOINT the real server (src/server.ts, which loads src/telemetry.ts first) sends
// its spans over OTLP http/protobuf to <endpoint>/v1/traces; without it not a module of the SDK is loaded. Each runs
// in a process of its own: the SDK patches modules as they load, which jest's module registry does not go through.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { scratchDatabase } from '../../scripts/scratch-database.cjs';
import { startServerProcess, type ServerProcess } from './server-process';

const API_DIR = path.resolve(__dirname, '..');

/** A stand-in OTLP collector: keeps the body of every POST to /v1/traces and answers it with an empty response. */
async function otlpReceiver() {
  const bodies: Buffer[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bodies, paths, close: () => new Promise((r) => server.close(r)) };
}

let api: ServerProcess | undefined;
let receiver: Awaited<ReturnType<typeof otlpReceiver>> | undefined;
// On PostgreSQL (TEST_DATABASE_URL) the api's queries are traced too; PGlite has no instrumentation.
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
afterAll(async () => {
  api?.stop();
  await receiver?.close();
  await database?.drop();
});

it('sends a span of each request, named by its route and carrying its request id, to the OTLP endpoint', async () => {
  receiver = await otlpReceiver();
  const baseUrl = process.env.TEST_DATABASE_URL;
  database = baseUrl ? await scratchDatabase(baseUrl, 'portal_tracing') : undefined;
  api = await startServerProcess({
    ...(database ? { DATABASE_URL: database.url } : {}),
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: 'portal-api-test',
    // A batch every 100 ms instead of every 5 s, and every request traced unless its caller's trace was not sampled
    // (the api's default is one in a hundred).
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
  });

  // A request whose body arrives after its headers, and after other traced requests have begun and ended: its handler
  // runs in events of the connection, after the hooks that began the request's span; its query still belongs to the
  // request's trace (on PostgreSQL the request's span and its query spans carry the trace id).
  const checkTraceId = 'feedfacefeedfacefeedfacefeedface';
  const body = JSON.stringify({
    key: 'FD-NONE-0000-0000-0000',
    plugin: 'fresh_desk',
    identifier: { type: 'domain', value: 'shop.example.de' },
  });
  const checkAnswered = new Promise<number | undefined>((resolve, reject) => {
    const request = http.request(`${api!.url}/api/license/check`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-request-id': 'trace-test-0004',
        traceparent: `00-${checkTraceId}-4444444444444444-01`,
      },
    });
    request.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode)));
    request.on('error', reject);
    request.flushHeaders();
    setTimeout(() => request.end(body), 1_000);
  });

  // While that body is on its way, a caller's trace decides: one it did not sample is not traced here either, one it
  // sampled is continued.
  const notSampled = '00-11111111111111111111111111111111-2222222222222222-00';
  const sampledTraceId = 'abcdef0123456789abcdef0123456789';
  for (const [id, traceparent] of [
    ['trace-test-0002', notSampled],
    ['trace-test-0003', `00-${sampledTraceId}-3333333333333333-01`],
  ]) {
    const answer = await fetch(`${api.url}/api/license/product/fresh_desk-basic-monthly?email=seller@example.de`, {
      headers: { 'x-request-id': id, traceparent },
    });
    expect(answer.headers.get('x-request-id')).toBe(id);
  }

  expect(await checkAnswered).toBe(200);

  const product = await fetch(`${api.url}/api/license/product/fresh_desk-basic-monthly?email=seller@example.de`, {
    headers: { 'x-request-id': 'trace-test-0001' },
  });
  expect(product.headers.get('x-request-id')).toBe('trace-test-0001');

  // The spans arrive in batches: wait until the request's have come.
  const sent = () => Buffer.concat(receiver!.bodies);
  const until = Date.now() + 30_000;
  while (!sent().includes('trace-test-0001') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const spans = sent();
  expect(receiver.paths[0]).toBe('POST /v1/traces application/x-protobuf');
  expect(spans.includes('portal-api-test')).toBe(true); // service.name
  expect(spans.includes('trace-test-0001')).toBe(true); // portal.request_id
  // The server span takes the route pattern as its name and http.route: one name for every product id.
  expect(spans.includes('GET /api/license/product/:productId')).toBe(true);
  expect(spans.includes('http.route')).toBe(true);
  // The query's email address does not leave the process, as it stays out of the logs.
  expect(spans.includes('seller@example.de')).toBe(false);
  expect(spans.includes('seller%40example.de')).toBe(false);
  expect(spans.includes('trace-test-0003')).toBe(true);
  expect(spans.includes(Buffer.from(sampledTraceId, 'hex'))).toBe(true);
  expect(spans.includes('trace-test-0002')).toBe(false);
  // Nothing of the unsampled caller's trace: neither its request nor its queries.
  expect(spans.includes(Buffer.from(notSampled.split('-')[1], 'hex'))).toBe(false);
  // Each span carries its trace id as 16 raw bytes.
  const spansOf = (traceId: string) =>
    spans.toString('latin1').split(Buffer.from(traceId, 'hex').toString('latin1')).length - 1;
  expect(spans.includes('trace-test-0004')).toBe(true);
  // PGlite has no query spans: the request's own span only.
  if (database) expect(spansOf(checkTraceId)).toBeGreaterThanOrEqual(2);
  else expect(spansOf(checkTraceId)).toBe(1);
  // Queries are traced only inside a traced request: the migrations at start (no request) leave no span, and a
  // request's queries are its span's children.
  if (database) expect(spans.includes('postgresql')).toBe(true);
  expect(spans.includes('CREATE TABLE')).toBe(false);
  // The health probes that waited for the api to start are not traced.
  expect(spans.includes('/api/health')).toBe(false);

  api.child.kill('SIGTERM');
  expect(await api.exited).toBe(0);
}, 150_000);

it('loads nothing of the SDK without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _a, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _b, ...env } = process.env;
  const script =
    "const t = require('./src/telemetry'); " +
    'const loaded = Object.keys(require.cache).filter((f) => /@opentelemetry[\\\\/](sdk|instrumentation|exporter)/.test(f)); ' +
    'console.log(JSON.stringify({ enabled: t.tracingEnabled, loaded }));';
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: API_DIR,
    env,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout)).toEqual({ enabled: false, loaded: [] });
});
