#!/usr/bin/env node
// `npm run soak` (not part of CI): mixed reads and writes at a fixed rate against two api instances on one
// PostgreSQL behind the portal server (scripts/cluster.mjs), one instance restarted (SIGTERM, drain, start) in the
// middle. Prints requests, errors, p50/p99 and checks afterwards that every acknowledged write is in the database.
//
//   SOAK_RATE=200 SOAK_SECONDS=60 SOAK_USERS=40 SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run soak
//
// Writes are contact requests (each with a unique message) and profile updates; reads are the user, the profile,
// the licenses and the registry. Rate limits are lifted for the run (it measures the cluster, not the limiter —
// which still counts every request in PostgreSQL).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, freePort, sleep, startAuthEmulator } from './stack.mjs';
import { startCluster } from './cluster.mjs';

const require = createRequire(import.meta.url);
const { Client } = require(require.resolve('pg', { paths: [path.join(ROOT, 'api'), ROOT] }));
const undici = createRequire(require.resolve('@fastify/reply-from'))('undici');

const RATE = Number(process.env.SOAK_RATE || 200);
const SECONDS = Number(process.env.SOAK_SECONDS || 60);
const USERS = Number(process.env.SOAK_USERS || 40);
const WRITE_SHARE = Number(process.env.SOAK_WRITE_SHARE || 0.3);
const RESTART_AT = Number(process.env.SOAK_RESTART_AT || SECONDS / 2);
const BASE_URL =
  process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0;

async function main() {
  const dbName = `portal_soak_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
  const emulator = await startAuthEmulator({ port: await freePort(), workDir: path.join(dataDir, 'emulator') });
  let cluster;
  const dispatcher = new undici.Agent({ connections: 256, keepAliveTimeout: 10_000 });
  try {
    const apiPort = Number(process.env.SOAK_API_PORT || 3461);
    cluster = await startCluster({
      databaseUrl,
      emulatorHost: emulator.host,
      apiPort,
      portalPort: Number(process.env.SOAK_PORT || 8461),
      dataDir,
      quiet: true,
      apiEnv: {
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_STRICT_MAX: '1000000',
      },
    });
    console.log(`[soak] cluster up: portal ${cluster.url}, api ${cluster.apiUrl}, database ${dbName}`);

    // Sellers: emulator accounts + api rows, each with a token.
    const emulatorCall = async (endpoint, body) => {
      const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/${endpoint}?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${endpoint}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    };
    const request = async (method, apiPath, token, body) => {
      const started = performance.now();
      try {
        const response = await undici.request(`${cluster.url}/api${apiPath}`, {
          method,
          dispatcher,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          headersTimeout: 30_000,
          bodyTimeout: 30_000,
        });
        const text = await response.body.text();
        return { status: response.statusCode, ms: performance.now() - started, text };
      } catch (error) {
        return { status: 0, ms: performance.now() - started, text: error.code ?? error.message };
      }
    };
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const email = `soak-${i}-${crypto.randomBytes(3).toString('hex')}@shop.example`;
      const signUp = await emulatorCall('accounts:signUp', { email, password: 'soak-pass-1', returnSecureToken: true });
      const res = await request('POST', '/user', signUp.idToken, { Id: signUp.localId, Email: email });
      if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
      users.push({ uid: signUp.localId, email, token: signUp.idToken, profileWrites: [] });
    }
    console.log(
      `[soak] ${USERS} sellers registered; ${RATE} req/s for ${SECONDS} s, api-2 restarted at ${RESTART_AT} s`,
    );

    const results = [];
    const acknowledged = { contact: [], profile: [] };
    const reads = ['/user', '/user/profile/contact', '/license/all', '/portal/registry'];
    let seq = 0;
    const one = async () => {
      const n = seq++;
      const user = users[n % users.length];
      let kind;
      let res;
      if (Math.random() < WRITE_SHARE) {
        if (n % 2) {
          kind = 'write contact';
          const message = `soak ${dbName} #${n}`;
          res = await request('POST', '/user/contact-us', user.token, {
            name: 'Soak',
            phone: '4940123456',
            email: user.email,
            message,
          });
          if (res.status === 201) acknowledged.contact.push(message);
        } else {
          kind = 'write profile';
          const city = `City${n}`;
          res = await request('PUT', '/user/profile/contact', user.token, {
            firstName: 'Erika',
            lastName: 'Soak',
            companyName: `Soak ${n} GmbH`,
            country: 'DE',
            city,
            street: 'Hafenstraße',
            houseNumber: '7',
            postalCode: '20457',
            invoiceEmail: '',
            vatID: 'DE123456788',
          });
          if (res.status === 200) acknowledged.profile.push({ uid: user.uid, city });
        }
      } else {
        const p = reads[n % reads.length];
        kind = `read ${p}`;
        res = await request('GET', p, user.token);
      }
      results.push({ kind, at: Date.now(), ...res });
    };

    // Open loop: requests start on schedule whether or not earlier ones finished.
    const started = Date.now();
    const inFlight = new Set();
    let restart = null;
    const restartTimes = {};
    const tickMs = 20;
    let due = 0;
    while (Date.now() - started < SECONDS * 1000) {
      const elapsed = (Date.now() - started) / 1000;
      if (!restart && elapsed >= RESTART_AT) {
        restartTimes.begin = elapsed;
        restart = cluster.restart(1).then(() => (restartTimes.end = (Date.now() - started) / 1000));
      }
      const target = Math.floor(elapsed * RATE);
      for (; due < target; due++) {
        const p = one();
        inFlight.add(p);
        p.finally(() => inFlight.delete(p));
      }
      await sleep(tickMs);
    }
    await Promise.all(inFlight);
    await restart;
    const duration = (Date.now() - started) / 1000;

    // Every acknowledged write is in the database.
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows: contactRows } = await client.query('SELECT message FROM contact_requests');
    const stored = new Set(contactRows.map((r) => r.message));
    const missingContacts = acknowledged.contact.filter((m) => !stored.has(m));
    // A profile's last acknowledged write may be overtaken by a later one of the same seller: check that every
    // seller with an acknowledged profile write holds one of its acknowledged values.
    const { rows: profileRows } = await client.query('SELECT user_id, city FROM profiles');
    const cityOf = new Map(profileRows.map((r) => [r.user_id, r.city]));
    const byUser = new Map();
    for (const w of acknowledged.profile) byUser.set(w.uid, [...(byUser.get(w.uid) ?? []), w.city]);
    const wrongProfiles = [...byUser].filter(([uid, cities]) => !cities.includes(cityOf.get(uid)));
    await client.end();

    // Report.
    const failed = (r) => r.status === 0 || r.status >= 400;
    const table = new Map();
    const all = { requests: 0, errors: 0, ms: [] };
    for (const r of results) {
      const key = r.kind.startsWith('read') ? 'reads' : r.kind;
      if (!table.has(key)) table.set(key, { requests: 0, errors: 0, ms: [] });
      for (const row of [table.get(key), all]) {
        row.requests++;
        if (failed(r)) row.errors++;
        row.ms.push(r.ms);
      }
    }
    table.set('all', all);
    console.log('');
    console.log(
      `soak: ${duration.toFixed(1)} s, ${(results.length / duration).toFixed(1)} req/s achieved (target ${RATE}), api-2 restarted ${restartTimes.begin?.toFixed(1)}–${restartTimes.end?.toFixed(1)} s`,
    );
    console.log('| kind | requests | errors | p50 ms | p99 ms | max ms |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [kind, row] of table) {
      const sorted = row.ms.sort((a, b) => a - b);
      console.log(
        `| ${kind} | ${row.requests} | ${row.errors} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} |`,
      );
    }
    const errorKinds = new Map();
    for (const r of results.filter(failed)) {
      const key = `${r.kind} → ${r.status} ${r.text.slice(0, 80)}`;
      errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
    }
    for (const [key, n] of errorKinds) console.log(`  error ×${n}: ${key}`);
    console.log(
      `acknowledged writes: ${acknowledged.contact.length} contact requests (missing in the database: ${missingContacts.length}), ` +
        `${acknowledged.profile.length} profile updates of ${byUser.size} sellers (not holding an acknowledged value: ${wrongProfiles.length})`,
    );
    const ok = missingContacts.length === 0 && wrongProfiles.length === 0;
    console.log(ok ? 'every acknowledged write is in the database' : 'ACKNOWLEDGED WRITES ARE MISSING');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await dispatcher.close().catch(() => undefined);
    await cluster?.stop();
    await emulator.stop();
    const cleanup = new Client({ connectionString: BASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
