// Child of bench/api-bench.mjs (run with tsx from api/): the real api on PGlite (default) or PostgreSQL
// (BENCH_DATABASE_URL = a server URL; a throw-away database is created and dropped), a seller with 100 licenses,
// and a bare Fastify route in the same process serving the very same JSON from memory. Prints one JSON line
// with the URLs, the token and where the authenticated request spends its time; stops on SIGTERM.
// BENCH_METRICS=on serves the Prometheus metrics (as METRICS_PORT would; the port is in the JSON line), and
// OTEL_EXPORTER_OTLP_ENDPOINT exports traces as in production (bench/otlp-sink.mjs is a local receiver for it).
// First of all, as in src/server.ts: tracing patches http, pg and fastify as they load.
import { tracingEnabled } from '../src/telemetry';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { ownerLicensePage } from '../src/modules/license/repository';
import { phaseTimer } from './phase-timer';
import { testConfig } from '../test/test-config';
import { emulatorSignUp } from './emulator-sign-up';

const LICENSES = 100;

async function throwAwayDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Mean milliseconds of one step of the authenticated license read, each run alone and in sequence. */
async function measureSteps(app: FastifyInstance, uid: string, token: string) {
  const mean = async (run: () => Promise<unknown> | unknown, times = 300) => {
    for (let i = 0; i < 20; i += 1) await run();
    const start = process.hrtime.bigint();
    for (let i = 0; i < times; i += 1) await run();
    return +(Number(process.hrtime.bigint() - start) / 1e6 / times).toFixed(3);
  };
  return {
    verifyIdTokenUncached: await mean(() => app.firebaseAuth.verifyIdToken(token)),
    userLookup: await mean(() => app.db.execute(sql`SELECT * FROM users WHERE id = ${uid} LIMIT 1`)),
    licensePageQuery: await mean(() =>
      ownerLicensePage(app.db, uid, { page: 1, pageSize: LICENSES, sort: 'LicenseCreated|DESC' }),
    ),
  };
}

/**
 * The license check one request at a time inside the api process (app.inject: routing, validation, rate limits,
 * the query, serialization; no socket): median and p99 of `times` requests after a warm-up. Target ≤ 5 ms median.
 */
async function singleRequest(app: FastifyInstance, payload: object, times = 1000) {
  const once = () => app.inject({ method: 'POST', url: '/api/license/check', payload });
  for (let i = 0; i < 100; i += 1) await once();
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = process.hrtime.bigint();
    const res = await once();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.statusCode !== 200) throw new Error(`license check: ${res.statusCode} ${res.body}`);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => +ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(3);
  return { requests: times, medianMs: at(0.5), p99Ms: at(0.99) };
}

/** Where the log lines of a bench with BENCH_LOG_LEVEL go: written synchronously, as to a file on stdout. */
function devNull(): NodeJS.WritableStream {
  const fd = fs.openSync('/dev/null', 'w');
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      fs.writeSync(fd, chunk);
      done();
    },
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // bench/api-bench.mjs passes a server URL or '' (PGlite); "off" is settled there, but not taken for a URL here.
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
  const database = serverUrl && serverUrl !== 'off' ? await throwAwayDatabase(serverUrl) : null;
  const config = testConfig(dataDir, {
    // BENCH_LOG_LEVEL=info measures with the production default's log lines (written to /dev/null, synchronously as
    // pino writes to stdout); silent by default, so the figures compare with earlier runs.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
    // Load from one address: the per-address limit would answer 429 after 300 requests.
    RATE_LIMIT_MAX: '9999999',
    // The license check is also limited per key; the bench sends one key from 50 connections.
    LICENSE_CHECK_PER_KEY_MAX: '9999999',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const metricsOn = ['on', '1', 'true'].includes((process.env.BENCH_METRICS ?? '').toLowerCase());
  if (metricsOn) config.metrics = { port: 0, host: '127.0.0.1', token: null };
  const app = await buildApp(config, config.logLevel === 'silent' ? {} : { logStream: devNull() });
  const phases = phaseTimer(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const email = `bench-${crypto.randomBytes(4).toString('hex')}@portal.test`;
  const { uid, token } = await emulatorSignUp(email, 'bench1234');
  const auth = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: auth,
    payload: { Id: uid, Email: email },
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/user: ${created.statusCode} ${created.body}`);
  await app.db.execute(sql`
    INSERT INTO licenses (user_id, product_id, key, status, expires_at, created_at)
    SELECT ${uid}, (SELECT id FROM products ORDER BY id LIMIT 1), 'bench-' || g, 'active',
           now() + interval '1 year', now() - g * interval '1 minute'
    FROM generate_series(1, ${LICENSES}) AS g`);

  // The plugin-facing license check: a key whose shop is already registered (the everyday call, a pure read).
  const checkKey = 'FD-BNCH-0000-0000-0001';
  await app.db.execute(sql`
    INSERT INTO licenses (user_id, product_id, key, status, expires_at, license_users)
    VALUES (${uid}, 'fresh_desk-basic-monthly', ${checkKey}, 'active', now() + interval '1 year',
            '[{"type":"domain","value":"bench.example.de"}]'::jsonb)`);

  // `bytes`: the api sends the page from its read cache as bytes, so the bare route sends the same bytes (not text).
  const routes: Record<
    string,
    { url: string; method?: 'GET' | 'POST'; body?: object; public?: boolean; bytes?: boolean }
  > = {
    licenses: { url: `/api/license/all?page=1&pageSize=${LICENSES}`, bytes: true },
    profile: { url: '/api/user/profile/contact' },
    'license check': {
      url: '/api/license/check',
      method: 'POST',
      public: true,
      body: { key: checkKey, plugin: 'fresh_desk', identifier: { type: 'domain', value: 'bench.example.de' } },
    },
  };
  const bare = Fastify({ logger: false });
  const bodies: Record<string, string> = {};
  for (const [name, route] of Object.entries(routes)) {
    const { url, method = 'GET', body } = route;
    const response = await app.inject({ method, url, headers: route.public ? {} : auth, payload: body });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    bodies[name] = response.body;
    const payload = route.bytes ? Buffer.from(response.body) : response.body;
    bare.route({
      method,
      url: `/bare/${name.replace(/ /g, '-')}`,
      // Untraced with OTEL_EXPORTER_OTLP_ENDPOINT too: the bare side stays the yardstick the api is measured by.
      config: { otel: false },
      handler: (_request, reply) => reply.type('application/json; charset=utf-8').send(payload),
    });
  }
  if ((JSON.parse(bodies.licenses) as { items: unknown[] }).items.length !== LICENSES) {
    throw new Error(`the license page does not hold ${LICENSES} rows`);
  }
  const steps = await measureSteps(app, uid, token);
  const licenseCheckSingle = await singleRequest(app, routes['license check'].body!);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  process.stdout.write(
    `${JSON.stringify({
      driver: database ? 'postgres' : 'pglite',
      // The per-user read cache (plugins/owner-cache) is on once its LISTEN connection is up.
      readCache: app.ownerCache.active,
      metrics: metricsOn ? `http://127.0.0.1:${app.metricsAddress()?.port}/metrics` : 'off',
      traces: tracingEnabled ? process.env.OTEL_EXPORTER_OTLP_ENDPOINT : 'off',
      token,
      steps,
      licenseCheckSingle,
      targets: Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [
          name,
          {
            api: `${apiUrl}${route.url}`,
            bare: `${bareUrl}/bare/${name.replace(/ /g, '-')}`,
            bytes: Buffer.byteLength(bodies[name]),
            method: route.method ?? 'GET',
            body: route.body ? JSON.stringify(route.body) : undefined,
            public: !!route.public,
          },
        ]),
      ),
    })}\n`,
  );

  // The parent starts the phase timer with a line "start" on stdin, and asks for what it timed since with "report".
  process.stdin.setEncoding('utf8');
  // With the phases, the process's CPU time per request served (user + system, µs): what metrics or tracing add to
  // each request, which a loaded machine moves far less than it moves the throughput.
  let cpuAtStart = process.cpuUsage();
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'start') {
      phases.start();
      cpuAtStart = process.cpuUsage();
      return;
    }
    const cpu = process.cpuUsage(cpuAtStart);
    const report = phases.report();
    const cpuPerRequestUs = report.requests ? +((cpu.user + cpu.system) / report.requests).toFixed(1) : 0;
    process.stdout.write(`${JSON.stringify({ ...report, cpuPerRequestUs })}\n`);
  });

  const stop = async () => {
    await bare.close();
    await app.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
