// Two api instances on one PostgreSQL behind the portal server (scripts/cluster.mjs, the README's example
// configuration). A seller registers, signs in, fills the profile, activates a license and lists it — every call
// through the portal server, which spreads them over both instances; then one instance is stopped (SIGTERM) and the
// journey goes on on the other, and it serves again after its restart.
// Needs PostgreSQL (CLUSTER_DATABASE_URL or TEST_DATABASE_URL, default the local `test` server); skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, startAuthEmulator } from './stack.mjs';
import { startCluster } from './cluster.mjs';
import { apiClient, registerSeller, SELLER_CONTACT } from './seller-journey.mjs';

const require = createRequire(import.meta.url);
const { postgresAnswers, scratchDatabase } = require('./scratch-database.cjs');

const BASE_URL =
  process.env.CLUSTER_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A run of `count` consecutive free ports. */
async function freePorts(count) {
  for (;;) {
    const first = await freePort();
    const ok = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise((resolve) => {
            const server = net.createServer();
            server.once('error', () => resolve(false));
            server.listen(first + i, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return first;
  }
}

const available = await postgresAnswers(BASE_URL);

test(
  'two api instances on one PostgreSQL behind the portal server: sign-in and licenses journey',
  { skip: !available && 'no PostgreSQL', timeout: 400_000 },
  async () => {
    const database = await scratchDatabase(BASE_URL, 'portal_cluster');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
    const emulatorPort = await freePort();
    const emulator = await startAuthEmulator({ port: emulatorPort, workDir: path.join(dataDir, 'emulator') });
    const apiPort = await freePorts(2);
    let cluster;
    try {
      cluster = await startCluster({
        databaseUrl: database.url,
        emulatorHost: emulator.host,
        apiPort,
        portalPort: await freePort(),
        dataDir,
        apiEnv: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
        quiet: true,
      });
      // Requests each instance logged (pino at info logs every request it handles).
      const served = [0, 0];
      const count = (i) => (chunk) => {
        served[i] += (String(chunk).match(/"msg":"incoming request"/g) ?? []).length;
      };
      cluster.apis.forEach((instance, i) => instance.child.stdout.on('data', count(i)));

      const api = apiClient(cluster.url);
      // Registration (the api row), then a fresh sign-in as the browser would do on the next visit.
      const { email, token } = await registerSeller({
        emulatorHost: emulator.host,
        call: api,
        prefix: 'cluster',
        password: 'cluster-pass-1',
      });
      const me = await api('GET', '/user', token);
      assert.equal(me.status, 200);
      assert.equal(me.body.email ?? me.body.Email, email);
      const contact = { ...SELLER_CONTACT, companyName: 'Cluster Versand GmbH' };
      assert.equal((await api('PUT', '/user/profile/contact', token, contact)).status, 200);
      const activated = await api('POST', '/license/product/free_or_trial?licenseProductID=fresh_desk-trial', token);
      assert.equal(activated.status, 201, JSON.stringify(activated.body));
      // Reads spread over both instances all see the write, whichever instance took it.
      for (let i = 0; i < 10; i++) {
        const list = await api('GET', '/license/all', token);
        assert.equal(list.status, 200);
        assert.ok(
          list.body.items.some((l) => l.id === activated.body.id),
          'the new license is listed',
        );
        const profile = await api('GET', '/user/profile/contact', token);
        assert.equal(profile.body.companyName, 'Cluster Versand GmbH');
      }

      // One instance drains and stops: the journey goes on through the other, with no failed request.
      await cluster.apis[1].stop('SIGTERM', 15_000);
      for (let i = 0; i < 10; i++) {
        const list = await api('GET', '/license/all', token);
        assert.equal(list.status, 200, `request ${i} after the stop: ${JSON.stringify(list.body)}`);
      }
      assert.equal((await api('GET', '/user', token)).status, 200);
      // … and serves again after its restart.
      const restarted = await cluster.restart(1);
      restarted.child.stdout.on('data', count(1));
      for (let i = 0; i < 10; i++) assert.equal((await api('GET', '/license/all', token)).status, 200);
      assert.ok(served[0] > 0 && served[1] > 0, `both instances served requests (${served.join(' / ')})`);
    } finally {
      await cluster?.stop();
      await emulator.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
