// The GPSR documentation ZIP under measure: a product with 200 MB of evidence (BENCH_GPSR_MB) is downloaded from
// the real api process, once at full speed and once by a slow reader (backpressure). Reports the time to first byte
// and the api's RSS growth (sampled from /proc every 20 ms) against the limits: TTFB < 200 ms and at most
// 64 MB more RSS. Exits non-zero when a limit is missed. Env: BENCH_EMULATOR_PORT (9399), BENCH_GPSR_MB (200).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, answers, startAuthEmulator, tsxBin } from '../scripts/stack.mjs';

const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT || 9399);
const LIMITS = { ttfbMs: 200, rssGrowthMb: 64 };
const MB = 1024 * 1024;

function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

function startServer(env) {
  const child = spawn(process.execPath, [tsxBin(), 'bench/gpsr-bench-server.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`gpsr bench server exited with ${code}`)));
    lines.once('line', (line) =>
      resolve({
        info: JSON.parse(line),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.on('exit', done);
            child.kill('SIGTERM');
          }),
      }),
    );
  });
}

/** One download; `readDelayMs` > 0 pauses the reader after every chunk (a slow client). */
function download(info, pid, readDelayMs = 0) {
  const url = `${info.url}/api/gpsr/product/${info.productId}/documentation/download?lang=en`;
  const baseline = rssBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${info.token}` } }, (res) => {
      let ttfb = null;
      let bytes = 0;
      res.on('data', (chunk) => {
        if (ttfb === null) ttfb = Number(process.hrtime.bigint() - started) / 1e6;
        bytes += chunk.length;
        if (readDelayMs) {
          res.pause();
          setTimeout(() => res.resume(), readDelayMs);
        }
      });
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssBytes(pid));
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/zip') {
          reject(new Error(`download: HTTP ${res.statusCode} ${res.headers['content-type']}`));
          return;
        }
        resolve({ status: res.statusCode, bytes, ttfb, seconds, baseline, peak });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function runGpsrBench() {
  const started = [];
  if (!(await answers(`http://127.0.0.1:${EMULATOR_PORT}/`))) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-emulator-'));
    started.push(await startAuthEmulator({ port: EMULATOR_PORT, persistDir: null, workDir }));
  }
  console.log('\n[bench] GPSR documentation ZIP: preparing the evidence files …');
  const server = await startServer({ FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${EMULATOR_PORT}` });
  const rows = [];
  try {
    const { info } = server;
    // Warm-up: code paths, PDF fonts and database connections are loaded before measuring; its own growth is shown.
    for (const [label, delay] of [
      ['first (cold) download', 0],
      ['full speed', 0],
      ['slow reader (1 ms pause per chunk)', 1],
    ]) {
      const r = await download(info, info.pid, delay);
      const growthMb = (r.peak - r.baseline) / MB;
      const withinLimits = r.ttfb < LIMITS.ttfbMs && growthMb <= LIMITS.rssGrowthMb ? 'yes' : 'NO';
      rows.push({
        download: label,
        'ZIP MB': +(r.bytes / MB).toFixed(1),
        'TTFB ms': +r.ttfb.toFixed(1),
        seconds: +r.seconds.toFixed(2),
        'MB/s': +(r.bytes / MB / r.seconds).toFixed(1),
        'RSS before MB': +(r.baseline / MB).toFixed(1),
        'RSS peak MB': +(r.peak / MB).toFixed(1),
        'RSS growth MB': +growthMb.toFixed(1),
        'within limits': rows.length ? withinLimits : 'warm-up',
      });
    }
  } finally {
    await server.stop();
    for (const service of started) await service.stop();
  }
  console.log(`[bench] limits: TTFB < ${LIMITS.ttfbMs} ms, RSS growth <= ${LIMITS.rssGrowthMb} MB`);
  console.table(rows);
  if (rows.some((r) => r['within limits'] === 'NO')) process.exitCode = 1;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runGpsrBench();
}
