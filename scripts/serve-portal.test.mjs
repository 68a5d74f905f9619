// node --test scripts/   (no framework: node's own test runner)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { buildPortalServer, listenPortalServer } from './serve-portal.mjs';
import { cacheControlOf, safeJoin } from './portal-server/static-files.mjs';
import { inlineScriptHashReader, listenHost } from './portal-server/security.mjs';
import { portalConfigFromEnv } from '../shared/webpack/portal-config.js';

const MAIN_JS = `console.log(${JSON.stringify('main '.repeat(400))})`;
const ENV = {
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  REMOTE_URL_GPSR: 'https://cdn.example.test/gpsr/mf-manifest.json',
};

let root;
let api;
let apiUrl;
let portal;
const apiSeen = [];

function write(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-portal-test-'));
  write(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>shell</title>');
  write(path.join(root, 'shell/dist/main.js'), MAIN_JS);
  write(path.join(root, 'shell/dist/main.js.br'), zlib.brotliCompressSync(MAIN_JS));
  write(path.join(root, 'shell/dist/main.js.gz'), zlib.gzipSync(MAIN_JS));
  write(path.join(root, 'shell/dist/src_app.1a2b3c4d.js'), '// chunk');
  write(path.join(root, 'shell/dist/src_app.1a2b3c4d.js.br'), zlib.brotliCompressSync('// chunk'));
  write(path.join(root, 'mfe-gpsr/dist/mf-manifest.json'), '{"id":"mfe_gpsr"}');
  write(path.join(root, 'mfe-gpsr/dist/remoteEntry.js'), 'var mfe_gpsr;');
  write(path.join(root, 'mfe-gpsr/dist/.build-stamp.json'), '{"hash":"x"}');
  write(path.join(root, 'shell/dist/main.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  write(path.join(root, 'shell/dist/main.js.map.gz'), zlib.gzipSync('{"version":3}'));
  write(path.join(root, 'mfe-gpsr/dist/remoteEntry.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  write(path.join(root, 'secret.txt'), 'do not serve');

  // A stand-in api on Fastify like the real one (1 MiB body limit → 413), echoing what reached it.
  api = Fastify();
  api.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  api.all('/api/*', async (request, reply) => {
    apiSeen.push({ method: request.method, url: request.url, headers: request.headers });
    if (request.url.startsWith('/api/missing')) return reply.code(404).send({ message: 'nope', slug: 'not-found' });
    reply.header('x-api', 'yes');
    return { method: request.method, url: request.url, body: request.body ?? '' };
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${api.server.address().port}`;
  portal = await buildPortalServer({ root, apiUrl, env: ENV });
});

after(async () => {
  await portal.close();
  await api.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url, headers = {}) => portal.inject({ method: 'GET', url, headers });

/** Sends a raw request line, so targets like //host/… or /../ reach the server exactly as written. */
function rawRequest(port, target) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

async function withListeningPortal(options, fn) {
  const server = await listenPortalServer({ port: 0, host: '127.0.0.1', root, apiUrl, env: ENV, ...options });
  try {
    return await fn(server.server.address().port);
  } finally {
    await server.close();
  }
}

test('serves the shell with no-cache html and falls back to index.html for client routes', async () => {
  const index = await get('/');
  assert.equal(index.statusCode, 200);
  assert.match(index.headers['content-type'], /^text\/html/);
  assert.equal(index.headers['cache-control'], 'no-cache');

  const route = await get('/features/gpsr/product/edit/42');
  assert.equal(route.statusCode, 200);
  assert.match(route.body, /<title>shell<\/title>/);
  assert.equal(route.headers['cache-control'], 'no-cache');

  assert.equal((await get('/missing.js')).statusCode, 404);
});

test('types and caching: one year immutable only for content-hashed files', async () => {
  const chunk = await get('/src_app.1a2b3c4d.js');
  assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(chunk.headers['content-type'], /^(text|application)\/javascript/);
  const main = await get('/main.js');
  assert.equal(main.headers['cache-control'], 'public, max-age=0, must-revalidate');
  const manifest = await get('/remotes/mfe-gpsr/mf-manifest.json');
  assert.match(manifest.headers['content-type'], /^application\/json/);
  assert.equal(manifest.headers['cache-control'], 'no-cache');
  assert.equal((await get('/remotes/mfe-gpsr/remoteEntry.js')).headers['cache-control'], 'no-cache');
  assert.equal(cacheControlOf('/x/src_app.1a2b3c4d.js.br'), 'public, max-age=31536000, immutable');
  assert.equal(cacheControlOf('/x/index.html.gz'), 'no-cache');
});

test('answers 304 when the ETag matches', async () => {
  const etag = (await get('/main.js')).headers.etag;
  assert.ok(etag);
  assert.equal((await get('/main.js', { 'if-none-match': etag })).statusCode, 304);
});

test('chooses the pre-compressed variant by Accept-Encoding', async () => {
  const br = await get('/main.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.match(br.headers['content-type'], /javascript/);
  assert.match(br.headers.vary, /accept-encoding/i);
  assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), MAIN_JS);

  const gzip = await get('/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gzip.rawPayload).toString(), MAIN_JS);

  const plain = await get('/main.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body, MAIN_JS);

  // Only a .br exists for the chunk: a gzip-only client gets the plain file.
  const chunk = await get('/src_app.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
  assert.equal(chunk.headers['content-encoding'], undefined);
  assert.equal(chunk.body, '// chunk');
});

test('serves remotes under /remotes/<folder>/ with CORS and no SPA fallback', async () => {
  const manifest = await get('/remotes/mfe-gpsr/mf-manifest.json', { origin: 'http://x.test' });
  assert.equal(manifest.statusCode, 200);
  assert.equal(manifest.headers['access-control-allow-origin'], '*');
  assert.equal(manifest.headers['cross-origin-resource-policy'], 'cross-origin');
  assert.deepEqual(manifest.json(), { id: 'mfe_gpsr' });

  const preflight = await portal.inject({ method: 'OPTIONS', url: '/remotes/mfe-gpsr/remoteEntry.js' });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], '*');

  assert.equal((await get('/remotes/mfe-gpsr/nope.js')).statusCode, 404);
  assert.equal((await get('/remotes/mfe-unknown/mf-manifest.json')).statusCode, 404);
  assert.equal((await get('/remotes/shell/index.html')).statusCode, 404);
  assert.equal((await get('/remotes/mfe-gpsr/')).statusCode, 404);
});

test('never serves hidden files or anything outside the dist folders', async () => {
  assert.equal((await get('/remotes/mfe-gpsr/.build-stamp.json')).statusCode, 404);
  await withListeningPortal({}, async (port) => {
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/remotes/mfe-gpsr/../../secret.txt',
      '/remotes/mfe-gpsr/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const { status, body } = await rawRequest(port, attempt);
      assert.doesNotMatch(body, /do not serve/, attempt);
      assert.ok(
        status === 404 || status === 400 || (status === 200 && body.includes('<title>shell')),
        `${attempt} → ${status}`,
      );
    }
  });
  assert.equal(safeJoin('/srv/dist', '/a/../../etc/passwd'), null);
  assert.equal(safeJoin('/srv/dist', '/%E0%A4%A'), null);
  assert.equal(safeJoin('/srv/dist', '/assets/logo.svg'), path.resolve('/srv/dist/assets/logo.svg'));
});

test('never serves source maps (they stay beside the build for error reports)', async () => {
  for (const url of [
    '/main.js.map',
    '/main.js.MAP',
    '/main.js.map/',
    '/main.js%2emap',
    '/main.js.map.gz',
    '/remotes/mfe-gpsr/remoteEntry.js.map',
  ]) {
    const response = await get(url, { 'accept-encoding': 'gzip, br' });
    assert.equal(response.statusCode, 404, url);
    assert.doesNotMatch(response.body, /version|secret/, url);
  }
  assert.equal((await get('/main.js')).statusCode, 200);
});

test('security headers: CSP lists exactly the portal and the registered remote origins', async () => {
  for (const url of ['/', '/remotes/mfe-gpsr/remoteEntry.js', '/portal-config.json']) {
    const { headers } = await get(url);
    const csp = Object.fromEntries(
      headers['content-security-policy'].split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    assert.equal(csp['default-src'], "'self'", url);
    assert.equal(csp['script-src'], "'self' https://cdn.example.test", url);
    assert.equal(csp['style-src'], "'self' https://cdn.example.test 'unsafe-inline'", url);
    assert.equal(csp['connect-src'], "'self' https://cdn.example.test http://127.0.0.1:9099", url);
    assert.equal(csp['frame-ancestors'], "'none'", url);
    assert.equal(csp['object-src'], "'none'", url);
    assert.equal(csp['frame-src'], "'self' blob:", url);
    assert.equal(headers['x-content-type-options'], 'nosniff', url);
    assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
  }
  assert.equal((await get('/')).headers['cross-origin-resource-policy'], 'same-origin');
  // The payment window keeps its opener while it shows the provider's origin.
  assert.equal((await get('/')).headers['cross-origin-opener-policy'], undefined);

  const real = await buildPortalServer({ root, apiUrl, env: { FIREBASE_API_KEY: 'AIza-real' } });
  try {
    const csp = (await real.inject({ url: '/' })).headers['content-security-policy'];
    assert.match(csp, /script-src 'self';/);
    assert.match(
      csp,
      /connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com;/,
    );
  } finally {
    await real.close();
  }
});

test('CSP takes the remote origins live from the api (GET /api/portal/remote-origins) and keeps the last list while the api is down', async () => {
  let origins = ['http://127.0.0.1:4500', 'javascript:alert(1)', 'https://cdn.plugins.test/x/mf-manifest.json'];
  let down = false;
  let asked = 0;
  const registryApi = Fastify();
  registryApi.get('/api/portal/remote-origins', async (_request, reply) => {
    asked += 1;
    if (down) return reply.code(503).send({ message: 'down', slug: 'service-unavailable' });
    return { origins };
  });
  await registryApi.listen({ port: 0, host: '127.0.0.1' });
  // Two api instances (API_URL comma list): the first refuses connections, the second answers.
  const server = await buildPortalServer({
    root,
    apiUrl: `http://127.0.0.1:9, http://127.0.0.1:${registryApi.server.address().port}`,
    env: ENV,
    remoteOriginsTtlMs: 100,
  });
  const scriptSrc = async () => {
    const csp = (await server.inject({ url: '/dashboard' })).headers['content-security-policy'];
    return csp.match(/script-src ([^;]*)/)[1];
  };
  try {
    // env origins + the api's (as origins; a non-http value dropped)
    assert.equal(await scriptSrc(), "'self' http://127.0.0.1:4500 https://cdn.example.test https://cdn.plugins.test");
    // cached within the TTL
    origins = ['http://127.0.0.1:4600'];
    assert.equal(await scriptSrc(), "'self' http://127.0.0.1:4500 https://cdn.example.test https://cdn.plugins.test");
    assert.equal(asked, 1);
    // a new remote registered by staff passes after the TTL, without a restart
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(await scriptSrc(), "'self' http://127.0.0.1:4600 https://cdn.example.test");
    // api down: the last list stays
    down = true;
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.equal(await scriptSrc(), "'self' http://127.0.0.1:4600 https://cdn.example.test");
    assert.equal(asked, 3);
    // requests for the api itself do not refresh the list
    await new Promise((resolve) => setTimeout(resolve, 120));
    await server.inject({ url: '/api/user' });
    assert.equal(asked, 3);
  } finally {
    await server.close();
    await registryApi.close();
  }
});

test('CSP falls back to the env origins when the api never answered', async () => {
  const server = await buildPortalServer({ root, apiUrl: 'http://127.0.0.1:9', env: ENV, remoteOriginsTtlMs: 100 });
  try {
    const csp = (await server.inject({ url: '/' })).headers['content-security-policy'];
    assert.match(csp, /script-src 'self' https:\/\/cdn\.example\.test;/);
  } finally {
    await server.close();
  }
});

test('an inline script of index.html is allowed by its hash, and only while it is there', () => {
  const file = path.join(root, 'inline.html');
  write(file, '<script src="/main.js"></script><script>window.x = 1;</script>');
  const hashes = inlineScriptHashReader(file);
  assert.deepEqual(hashes(), ["'sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw='"]);
  write(file, '<script src="/main.js"></script>');
  fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
  assert.deepEqual(hashes(), []);
});

test('proxies /api with method, headers, query and body', async () => {
  const response = await portal.inject({
    method: 'PUT',
    url: '/api/user?userEmail=a%40b.test',
    headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Ada' }),
  });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['x-api'], 'yes');
  assert.deepEqual(response.json(), { method: 'PUT', url: '/api/user?userEmail=a%40b.test', body: { name: 'Ada' } });
  const seen = apiSeen.at(-1);
  assert.equal(seen.headers.authorization, 'Bearer t0ken');
  assert.equal(seen.headers['x-forwarded-proto'], 'http');

  const missing = await get('/api/missing');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().slug, 'not-found');
});

test("a body the api refuses early (413 while it still streams in) gets the api's 413, never 502", async () => {
  // The upload route lets 101 MB through the portal server; the stand-in api refuses more than 1 MiB and closes.
  await withListeningPortal({}, async (port) => {
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/api/gpsr/product/upload/files`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(8 * 1024 * 1024),
      });
      assert.equal(response.status, 413);
      assert.equal((await response.json()).code, 'FST_ERR_CTP_BODY_TOO_LARGE', "the api's own body");
    }
  });
});

test("a body over the api's limit on any other route is refused by the portal server itself", async () => {
  const before = apiSeen.length;
  await withListeningPortal({}, async (port) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    assert.equal(response.status, 413);
    assert.equal((await response.json()).slug, 'payload-too-large');
  });
  assert.equal(apiSeen.length, before);
});

test('request log lines carry no email address from the URL (?email=, ?userEmail=)', async () => {
  const lines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logged = await buildPortalServer({ root, apiUrl, env: ENV, logger: { level: 'info', stream } });
  try {
    for (const url of ['/api/user?userEmail=a@b.de', '/api/user?email=a%40b.de&x=1', '/dashboard?email=a@b.de']) {
      const response = await logged.inject({ url });
      assert.equal(response.statusCode, 200, url);
    }
  } finally {
    await logged.close();
  }
  const urls = lines.map((line) => JSON.parse(line)).flatMap((line) => (line.req ? [line.req.url] : []));
  assert.deepEqual(urls, [
    '/api/user?userEmail=[redacted]',
    '/api/user?email=[redacted]&x=1',
    '/dashboard?email=[redacted]',
  ]);
  assert.doesNotMatch(lines.join('\n'), /a@b\.de|a%40b\.de/);
  // The api got the address as sent: only the log is redacted.
  assert.ok(apiSeen.some((seen) => seen.url === '/api/user?email=a%40b.de&x=1'));
});

test('refuses absolute-form and //host request targets instead of forwarding them', async () => {
  // What the client names must never be reached: a server standing in for the Auth emulator.
  let reached = 0;
  const other = http.createServer((_req, res) => {
    reached += 1;
    res.end('other host');
  });
  await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherHost = `127.0.0.1:${other.address().port}`;
  try {
    await withListeningPortal({}, async (port) => {
      for (const target of [
        `//${otherHost}/api/health`,
        `//${otherHost}/`,
        `/\\${otherHost}/api/health`,
        `http://${otherHost}/api/health`,
        `http://${otherHost}/`,
      ]) {
        const { status, body } = await rawRequest(port, target);
        assert.equal(status, 400, target);
        assert.equal(JSON.parse(body).slug, 'bad-request', target);
      }
    });
    assert.equal(reached, 0);
    assert.equal(apiSeen.filter((s) => s.url.includes(otherHost)).length, 0);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});

test('answers 502 with the error body shape when the api is down', async () => {
  const down = await buildPortalServer({ root, apiUrl: 'http://127.0.0.1:1', env: ENV });
  try {
    const response = await down.inject({ url: '/api/health' });
    assert.equal(response.statusCode, 502);
    assert.equal(response.json().slug, 'bad-gateway');
  } finally {
    await down.close();
  }
});

test('/portal-config.json comes from env', async () => {
  const response = await get('/portal-config.json');
  assert.equal(response.headers['cache-control'], 'no-store');
  const config = response.json();
  assert.equal(config.apiBaseUrl, '/api');
  assert.equal(config.authEmulatorUrl, 'http://127.0.0.1:9099');
  assert.equal(config.firebase.projectId, 'demo-portal');
  assert.ok(config.links.imprint && config.links.privacy && config.links.terms && config.links.contactEmail);
});

test('listens on 127.0.0.1 while the Auth emulator is in use, says why, and HOST overrides', () => {
  const emulator = listenHost({}, portalConfigFromEnv({}));
  assert.equal(emulator.host, '127.0.0.1');
  assert.match(emulator.reason, /Auth emulator/);
  assert.match(emulator.reason, /HOST/);
  assert.equal(listenHost({ HOST: '0.0.0.0' }, portalConfigFromEnv({})).host, '0.0.0.0');
  assert.equal(listenHost({}, portalConfigFromEnv({ FIREBASE_API_KEY: 'AIza-real' })).host, '0.0.0.0');
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
