// What tracing costs the api as production runs it: the built api (`node api/dist/server.js`, `npm run build -w api`
// first) on PostgreSQL at log level info, loaded by autocannon (16 connections) on the license check, a signed-in
// read (the profile, with an Auth emulator token) and a signed-out read (401 before any query). Tracing off, on at one
// request in ten (the default) and one in a hundred, and loaded with nothing sampled; the spans go to
// bench/otlp-sink.mjs, started here. Settings alternate, BENCH_ROUNDS times, each in a fresh api process with a
// throw-away database; the table shows the median round's throughput and the api process's CPU time per request.
// Env: BENCH_SECONDS (8 per route and round), BENCH_ROUNDS (3), BENCH_DATABASE_URL and BENCH_EMULATOR_PORT (as the
// api bench).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { answers, startAuthEmulator } from '../scripts/stack.mjs';
import { benchPostgres } from './bench-postgres.mjs';
import { medianBy } from './median-by.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const API_PORT = 3597;
const SINK_PORT = 4397;
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);
const { Client } = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');

const SETTINGS = [
  ['off', {}],
  ['traces, 1 in 10 (default)', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}` }],
  [
    'traces, 1 in 100',
    { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}`, OTEL_TRACES_SAMPLER_ARG: '0.01' },
  ],
  [
    'traces, none sampled',
    { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}`, OTEL_TRACES_SAMPLER: 'parentbased_always_off' },
  ],
];
const KEY = 'FD-BNCH-0000-0000-0001';
const ROUTES = {
  'license check': {
    path: '/api/license/check',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: KEY, plugin: 'fresh_desk', identifier: { type: 'domain', value: 'bench.example.de' } }),
  },
  'signed-in read (profile)': { path: '/api/user/profile/contact', method: 'GET', signedIn: true },
  'signed-out read (401)': { path: '/api/user/profile/contact', method: 'GET' },
};

/** A seller in the Auth emulator: uid and ID token (valid an hour, longer than any round). */
async function emulatorSeller() {
  const email = `bench-traces-${crypto.randomBytes(4).toString('hex')}@portal.test`;
  const response = await fetch(
    `http://127.0.0.1:${EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench1234', returnSecureToken: true }),
    },
  );
  const body = await response.json();
  if (!body.localId || !body.idToken) throw new Error(`emulator sign-up failed (${response.status})`);
  return { uid: body.localId, email, token: body.idToken };
}

async function sql(url, query) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The process's CPU time so far in seconds (user + system, from /proc). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function oneRound(serverUrl, env, seller) {
  const name = `portal_traces_${crypto.randomBytes(5).toString('hex')}`;
  await sql(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-traces-'));
  const api = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      JOBS_INTERVAL_MS: '0',
      RATE_LIMIT_MAX: '9999999',
      LICENSE_CHECK_PER_KEY_MAX: '9999999',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}`,
    },
  });
  try {
    const base = `http://127.0.0.1:${API_PORT}`;
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || api.exitCode !== null) throw new Error('the built api did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const auth = { authorization: `Bearer ${seller.token}` };
    const created = await fetch(`${base}/api/user`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ Id: seller.uid, Email: seller.email }),
    });
    if (created.status !== 201) throw new Error(`POST /api/user: ${created.status}`);
    await sql(
      url.toString(),
      `INSERT INTO licenses (user_id, product_id, key, status, expires_at, license_users)
       VALUES ('${seller.uid}', 'fresh_desk-basic-monthly', '${KEY}', 'active', now() + interval '1 year',
               '[{"type":"domain","value":"bench.example.de"}]'::jsonb)`,
    );
    const result = {};
    for (const [route, { path: routePath, signedIn, headers, ...request }] of Object.entries(ROUTES)) {
      const options = {
        url: `${base}${routePath}`,
        ...request,
        headers: { ...headers, ...(signedIn ? auth : {}) },
        connections: 16,
      };
      await autocannon({ ...options, duration: 2 });
      const before = cpuSeconds(api.pid);
      const run = await autocannon({ ...options, duration: SECONDS });
      const cpu = cpuSeconds(api.pid) - before;
      // A signed-out read answers 401 by design; anything else than the route's answer is counted.
      const expected = signedIn || routePath === ROUTES['license check'].path ? run['2xx'] : run.non2xx;
      const errors = run.errors + (run.requests.total - expected);
      result[route] = { rps: run.requests.average, cpuUs: (cpu * 1e6) / run.requests.total, errors };
    }
    return result;
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    await sql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runTracesBench() {
  console.log('\n== traces: what tracing costs the built api (license check, signed-in and signed-out reads)');
  if (!fs.existsSync(path.join(ROOT, 'api', 'dist', 'server.js'))) {
    console.log('[bench] skipped: no api/dist/server.js (npm run build -w api)');
    return;
  }
  const serverUrl = await benchPostgres();
  if (!serverUrl) return;
  const started = [];
  if (!(await answers(`http://127.0.0.1:${EMULATOR_PORT}/`))) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-emulator-'));
    started.push(await startAuthEmulator({ port: EMULATOR_PORT, persistDir: null, workDir }));
  }
  const seller = await emulatorSeller();
  const sink = spawn(process.execPath, [path.join(ROOT, 'bench', 'otlp-sink.mjs'), String(SINK_PORT)], {
    stdio: 'ignore',
  });
  try {
    const rounds = Object.fromEntries(SETTINGS.map(([label]) => [label, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [label, env] of SETTINGS) rounds[label].push(await oneRound(serverUrl, env, seller));
    }
    const rows = [];
    for (const route of Object.keys(ROUTES)) {
      const off = medianBy(rounds.off, (r) => r[route].rps)[route];
      for (const [label] of SETTINGS) {
        const median = medianBy(rounds[label], (r) => r[route].rps)[route];
        rows.push({
          route,
          setting: label,
          'req/s': Math.round(median.rps),
          'against off': label === 'off' ? '' : `${(((median.rps - off.rps) / off.rps) * 100).toFixed(0)} %`,
          'api CPU µs/req': Math.round(median.cpuUs),
          errors: median.errors,
        });
      }
    }
    console.table(rows);
  } finally {
    sink.kill('SIGTERM');
    for (const service of started) await service.stop();
  }
}
