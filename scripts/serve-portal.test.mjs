// node --test scripts/   (no framework: node's own test runner)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cacheControlOf, contentTypeOf, listenPortalServer, safeJoin } from './serve-portal.mjs';
import { portalConfigFromEnv } from './portal-config.mjs';

let root;
let portal;
let api;
let base;
const apiSeen = [];

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-portal-test-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
  write(path.join(root, 'shell/dist/main.js'), 'console.log("main")');
  write(path.join(root, 'shell/dist/src_app.1a2b3c4d.js'), '// chunk');
  write(path.join(root, 'mfe-gpsr/dist/mf-manifest.json'), '{"id":"mfe_gpsr"}');
  write(path.join(root, 'mfe-gpsr/dist/remoteEntry.js'), 'var mfe_gpsr;');
  write(path.join(root, 'mfe-gpsr/dist/.build-stamp.json'), '{"hash":"x"}');
  write(path.join(root, 'secret.txt'), 'do not serve');

  // A stand-in api that echoes what reached it, streaming the body back.
  api = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      apiSeen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(req.url.startsWith('/api/missing') ? 404 : 200, {
        'content-type': 'application/json',
        'x-api': 'yes',
      });
      res.end(JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  portal = await listenPortalServer({
    port: 0,
    host: '127.0.0.1',
    root,
    apiUrl: `http://127.0.0.1:${api.address().port}`,
    env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
  });
  base = `http://127.0.0.1:${portal.address().port}`;
});

after(async () => {
  portal.closeAllConnections();
  api.closeAllConnections();
  await new Promise((resolve) => portal.close(resolve));
  await new Promise((resolve) => api.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

/** Raw request, so paths like /../ reach the server unnormalised. */
function rawGet(urlPath) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method: 'GET', path: urlPath }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves the shell with no-cache html and falls back to index.html for client routes', async () => {
  const index = await fetch(`${base}/`);
  assert.equal(index.status, 200);
  assert.match(index.headers.get('content-type'), /^text\/html/);
  assert.equal(index.headers.get('cache-control'), 'no-cache');

  const route = await fetch(`${base}/features/gpsr/product/edit/42`);
  assert.equal(route.status, 200);
  assert.match(await route.text(), /<title>shell<\/title>/);

  const missingFile = await fetch(`${base}/missing.js`);
  assert.equal(missingFile.status, 404);
});

test('long cache only for content-hashed files', async () => {
  const chunk = await fetch(`${base}/src_app.1a2b3c4d.js`);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.match(chunk.headers.get('content-type'), /^text\/javascript/);
  const main = await fetch(`${base}/main.js`);
  assert.equal(main.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  assert.equal(cacheControlOf('remoteEntry.js'), 'no-cache');
  assert.equal(cacheControlOf('mf-manifest.json'), 'no-cache');
  assert.equal(contentTypeOf('a.woff2'), 'font/woff2');
});

test('answers 304 when the ETag matches', async () => {
  const first = await fetch(`${base}/main.js`);
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const second = await fetch(`${base}/main.js`, { headers: { 'If-None-Match': etag } });
  assert.equal(second.status, 304);
});

test('serves remotes under /remotes/<folder>/ with CORS and no SPA fallback', async () => {
  const manifest = await fetch(`${base}/remotes/mfe-gpsr/mf-manifest.json`, { headers: { Origin: 'http://x.test' } });
  assert.equal(manifest.status, 200);
  assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  assert.deepEqual(await manifest.json(), { id: 'mfe_gpsr' });

  const preflight = await fetch(`${base}/remotes/mfe-gpsr/remoteEntry.js`, { method: 'OPTIONS' });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');

  assert.equal((await fetch(`${base}/remotes/mfe-gpsr/nope.js`)).status, 404);
  assert.equal((await fetch(`${base}/remotes/mfe-unknown/mf-manifest.json`)).status, 404);
  assert.equal((await fetch(`${base}/remotes/shell/index.html`)).status, 404);
});

test('never serves hidden files or anything outside the dist folders', async () => {
  assert.equal((await fetch(`${base}/remotes/mfe-gpsr/.build-stamp.json`)).status, 404);
  for (const attempt of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/remotes/mfe-gpsr/../../secret.txt',
    '/remotes/mfe-gpsr/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
  ]) {
    const { status, body } = await rawGet(attempt);
    assert.notEqual(body, 'do not serve', attempt);
    assert.ok(
      status === 404 || status === 400 || (status === 200 && body.includes('<title>shell')),
      `${attempt} → ${status}`,
    );
  }
  assert.equal(safeJoin('/srv/dist', '/a/../../etc/passwd'), null);
  assert.equal(safeJoin('/srv/dist', '/%E0%A4%A'), null);
  assert.equal(safeJoin('/srv/dist', '/assets/logo.svg'), path.resolve('/srv/dist/assets/logo.svg'));
});

test('proxies /api with method, headers, query and body', async () => {
  const response = await fetch(`${base}/api/user?userEmail=a%40b.test`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer t0ken', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada' }),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('x-api'), 'yes');
  assert.deepEqual(await response.json(), {
    method: 'PUT',
    url: '/api/user?userEmail=a%40b.test',
    body: '{"name":"Ada"}',
  });
  const seen = apiSeen.at(-1);
  assert.equal(seen.headers.authorization, 'Bearer t0ken');
  assert.equal(seen.headers['x-forwarded-proto'], 'http');

  const missing = await fetch(`${base}/api/missing`);
  assert.equal(missing.status, 404);
});

test('answers 502 with the error body shape when the api is down', async () => {
  const down = await listenPortalServer({ port: 0, host: '127.0.0.1', root, apiUrl: 'http://127.0.0.1:1' });
  try {
    const response = await fetch(`http://127.0.0.1:${down.address().port}/api/health`);
    assert.equal(response.status, 502);
    assert.equal((await response.json()).slug, 'bad-gateway');
  } finally {
    down.closeAllConnections();
    await new Promise((resolve) => down.close(resolve));
  }
});

test('/portal-config.json comes from env', async () => {
  const response = await fetch(`${base}/portal-config.json`);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  const config = await response.json();
  assert.equal(config.apiBaseUrl, '/api');
  assert.equal(config.authEmulatorUrl, 'http://127.0.0.1:9099');
  assert.equal(config.firebase.projectId, 'demo-portal');
  assert.ok(config.links.imprint && config.links.privacy && config.links.terms && config.links.contactEmail);
});

test('portal config: a real Firebase project without emulator host has authEmulatorUrl null', () => {
  const config = portalConfigFromEnv({
    FIREBASE_API_KEY: 'AIza-real',
    FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
    FIREBASE_PROJECT_ID: 'shop',
    LINK_TERMS: 'https://shop.test/agb',
  });
  assert.equal(config.authEmulatorUrl, null);
  assert.deepEqual(config.firebase, { apiKey: 'AIza-real', authDomain: 'shop.firebaseapp.com', projectId: 'shop' });
  assert.equal(config.links.terms, 'https://shop.test/agb');
  assert.equal(portalConfigFromEnv({}).authEmulatorUrl, 'http://127.0.0.1:9099');
  assert.equal(
    portalConfigFromEnv({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199' }).authEmulatorUrl,
    'http://localhost:9199',
  );
});
