// What tracing costs the api as production runs it: the built api (`node api/dist/server.js`, `npm run build -w api`
// first) on PostgreSQL at log level info, loaded by autocannon (16 connections) on the license check, a signed-in
// read (the profile, with an Auth emulator token) and a signed-out read (401 before any query). Tracing off, on at one
// request in a hundred (the default) and one in ten, and loaded with nothing sampled; the spans go to
// bench/otlp-sink.mjs, started here. Settings alternate, BENCH_ROUNDS times, each in a fresh api process with a
// throw-away database; the table shows the median round's throughput and the api process's CPU time per request, and
// each setting's CPU per request against the off run of the same round (median and range over the rounds).
// Env: BENCH_SECONDS (5 per route and round), BENCH_ROUNDS (6), BENCH_DATABASE_URL and BENCH_EMULATOR_PORT (as the
// api bench).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiClient, emulatorCall } from '../scripts/seller-journey.mjs';
import { answers, startAuthEmulator, waitForHttp } from '../scripts/stack.mjs';
import { benchPostgres } from './bench-postgres.mjs';
import { medianBy } from './median-by.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 6));
const API_PORT = 3597;
const SINK_PORT = 4397;
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);
const { adminQuery, scratchDatabase } = createRequire(import.meta.url)('../scripts/scratch-database.cjs');

const SETTINGS = [
  ['off', {}],
  ['traces, 1 in 100 (default)', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}` }],
  ['traces, 1 in 10', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${SINK_PORT}`, OTEL_TRACES_SAMPLER_ARG: '0.1' }],
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
  // Answers 401 by design: its other answers are the errors.
  'signed-out read (401)': { path: '/api/user/profile/contact', method: 'GET', signedOut: true },
};

/** A seller in the Auth emulator: uid, email and ID token (valid an hour, longer than any round). */
async function emulatorSeller() {
  const email = `bench-traces-${crypto.randomBytes(4).toString('hex')}@portal.test`;
  const body = { email, password: 'bench1234', returnSecureToken: true };
  const { localId, idToken } = await emulatorCall(`127.0.0.1:${EMULATOR_PORT}`, 'accounts:signUp', body);
  return { uid: localId, email, token: idToken };
}

/** The process's CPU time so far in seconds (user + system, from /proc). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function oneRound(serverUrl, env, seller) {
  const database = await scratchDatabase(serverUrl, 'portal_traces');
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
      DATABASE_URL: database.url,
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
    await waitForHttp(`${base}/api/health`, { name: 'the built api' });
    const created = await apiClient(base)('POST', '/user', seller.token, { Id: seller.uid, Email: seller.email });
    if (created.status !== 201) throw new Error(`POST /api/user: ${created.status}`);
    await adminQuery(
      database.url,
      `INSERT INTO licenses (user_id, product_id, key, status, expires_at, license_users)
       VALUES ('${seller.uid}', 'fresh_desk-basic-monthly', '${KEY}', 'active', now() + interval '1 year',
               '[{"type":"domain","value":"bench.example.de"}]'::jsonb)`,
    );
    const auth = { authorization: `Bearer ${seller.token}` };
    const result = {};
    for (const [route, { path: routePath, signedIn, signedOut, headers, ...request }] of Object.entries(ROUTES)) {
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
      const expected = signedOut ? run.non2xx : run['2xx'];
      const errors = run.errors + (run.requests.total - expected);
      result[route] = { rps: run.requests.average, cpuUs: (cpu * 1e6) / run.requests.total, errors };
    }
    return result;
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The api's CPU per request of each round against the off run of the same round, as the median and the range over the
 * rounds: fresh processes on a shared machine differ by 20-50 % from one to the next, so one median of each setting
 * can show a difference that the rounds do not agree on.
 */
function pairedCpu(rounds, offRounds, route) {
  const ratios = rounds.map((r, i) => r[route].cpuUs / offRounds[i][route].cpuUs - 1).sort((a, b) => a - b);
  const percent = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)} %`;
  return `${percent(medianBy(ratios, (x) => x))} (${percent(ratios[0])} … ${percent(ratios.at(-1))})`;
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
          'CPU against off, by round': label === 'off' ? '' : pairedCpu(rounds[label], rounds.off, route),
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
