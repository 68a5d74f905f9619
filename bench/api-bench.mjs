// The api under load (autocannon): each authenticated read against a bare Fastify route that serves the same JSON
// from memory in the same process and run, on PGlite and on PostgreSQL. Prints a table and where the time goes.
// Env: BENCH_SECONDS (15: per target and side, split into BENCH_ROUNDS turns, 3), BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test;
// "off" skips PostgreSQL; the bench works in a throw-away database on that server), BENCH_EMULATOR_PORT (9399),
// BENCH_METRICS=on (Prometheus metrics on), OTEL_EXPORTER_OTLP_ENDPOINT (traces on; bench/otlp-sink.mjs receives).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { answers, startAuthEmulator } from '../scripts/stack.mjs';
import { benchPostgres } from './bench-postgres.mjs';
import { medianBy } from './median-by.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
// An emulator of its own: one shared with other runs may go away mid-benchmark.
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);

/** Starts api/bench/bench-server.ts; resolves with its first line (targets) and a way to ask for phases. */
function startBenchServer(env) {
  const require = createRequire(path.join(ROOT, 'api', 'package.json'));
  const tsx = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, 'bench/bench-server.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.shift()?.resolve(JSON.parse(line)));
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`bench server exited with ${code}`));
  });
  const nextLine = () => new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  return nextLine().then((info) => ({
    info,
    /** Times what the api serves from now on, until phases(). */
    startPhases: () => child.stdin.write('start\n'),
    phases: () => {
      const line = nextLine();
      child.stdin.write('report\n');
      return line;
    },
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  }));
}

function load(url, headers = {}, duration = SECONDS, request = {}) {
  const { method = 'GET', body } = request;
  const allHeaders = body ? { ...headers, 'content-type': 'application/json' } : headers;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: allHeaders, method, body }, (error, result) => {
      if (error) reject(error);
      // A non-2xx answer means the bench measured the wrong thing; errors (timeouts: no answer in 10 s) are a result.
      else if (result.non2xx) reject(new Error(`${url}: ${result.non2xx} non-2xx answers`));
      else
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failed: result.errors,
        });
    });
  });
}

// The target: the authenticated reads serve at least half the bare route's rate (the median round), with p99 ≤ 50 ms
// in every round, and no failures.
const meetsTarget = (ratio, p99, failed) => ratio >= 0.5 && p99 <= 50 && failed === 0;

async function benchDriver(name, env) {
  console.log(
    `\n[bench] api on ${name}: ${SECONDS} s per target and side in ${ROUNDS} turns, ${CONNECTIONS} connections`,
  );
  const server = await startBenchServer(env);
  const rows = [];
  try {
    const auth = { authorization: `Bearer ${server.info.token}` };
    console.log(`[bench] read cache (LISTEN up): ${server.info.readCache ? 'on' : 'OFF'}`);
    // BENCH_METRICS=on and OTEL_EXPORTER_OTLP_ENDPOINT: what the production switches cost (compare runs without).
    console.log(`[bench] metrics: ${server.info.metrics}, traces: ${server.info.traces}`);
    console.log(`[bench] single-request steps of the license read, uncached (ms):`, server.info.steps);
    const single = server.info.licenseCheckSingle;
    console.log(
      `[bench] license check, one request at a time in the api process (${single.requests} requests): ` +
        `median ${single.medianMs} ms, p99 ${single.p99Ms} ms (target: median ≤ 5 ms)`,
    );
    for (const [route, target] of Object.entries(server.info.targets)) {
      const headers = target.public ? {} : auth;
      await load(target.bare, {}, 2, target);
      await load(target.api, headers, 2, target);
      // Bare and api take turns, ROUNDS times: the machine's drift during a run (other processes, the CPU's clock)
      // falls on both sides of each round's ratio instead of on one side of a single comparison.
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bare = await load(target.bare, {}, SECONDS / ROUNDS, target);
        const api = await load(target.api, headers, SECONDS / ROUNDS, target);
        rounds.push({ bare, api, ratio: api.rps / bare.rps });
      }
      // Where the api's time goes, in a pass of its own: the timer's hooks stay out of the measured rounds.
      server.startPhases();
      await load(target.api, headers, 2, target);
      const phases = await server.phases();
      const { bare, api, ratio } = medianBy(rounds, (r) => r.ratio);
      const api99 = Math.max(...rounds.map((r) => r.api.p99));
      const apiFailed = rounds.reduce((sum, r) => sum + r.api.failed, 0);
      rows.push({
        database: name,
        route: `${route} (${target.bytes} B)`,
        'bare req/s': Math.round(bare.rps),
        'api req/s': Math.round(api.rps),
        ratio: +ratio.toFixed(2),
        ratios: rounds.map((r) => r.ratio.toFixed(2)).join(' '),
        'api CPU µs/req': phases.cpuPerRequestUs,
        'api p50 ms': api.p50,
        'api p99 ms': api99,
        'bare p99 ms': bare.p99,
        'api errors': apiFailed,
        'until result ms (mean)': phases.untilResult.mean,
        'serialize ms (mean)': phases.serialize.mean,
        ...(route === 'license check'
          ? { 'in-process median ms': single.medianMs }
          : { 'target (ratio ≥ 0.5, p99 ≤ 50 ms)': meetsTarget(ratio, api99, apiFailed) ? 'met' : 'MISSED' }),
      });
    }
    if (server.info.metrics !== 'off') {
      const text = await (await fetch(server.info.metrics)).text();
      const timed = text
        .split('\n')
        .filter((line) => line.startsWith('portal_http_request_duration_seconds_count{'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
      console.log(`[bench] metrics scraped: ${timed} requests timed`);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

export async function runApiBench() {
  const started = [];
  if (!(await answers(`http://127.0.0.1:${EMULATOR_PORT}/`))) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-emulator-'));
    started.push(await startAuthEmulator({ port: EMULATOR_PORT, persistDir: null, workDir }));
  }
  const env = { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}` };
  try {
    // The child reads BENCH_DATABASE_URL: empty for PGlite, whatever this process was started with.
    const rows = await benchDriver('PGlite', { ...env, BENCH_DATABASE_URL: '' });
    const postgresUrl = await benchPostgres();
    if (postgresUrl) rows.push(...(await benchDriver('PostgreSQL', { ...env, BENCH_DATABASE_URL: postgresUrl })));
    console.table(rows);
    return rows;
  } finally {
    for (const service of started) await service.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runApiBench();
}
