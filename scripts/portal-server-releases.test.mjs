// node --test scripts/portal-server-releases.test.mjs: the portal server serves every kept release of a remote at its
// own path (immutable), its releases.json, and the newest build under the remote's stable alias.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildPortalServer } from './serve-portal.mjs';

const OLD = '0.1.0-aaaaaaaaaa';
const NEW = '0.2.0-bbbbbbbbbb';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let root;
let portal;

function write(rel, content) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** releases.json as the build writes it (shared/webpack/release.js), newest first. */
function writeIndex(current, ids, mtimeSeconds) {
  const releases = ids.map((id) => ({ id, manifest: `releases/${id}/mf-manifest.json` }));
  write('mfe-demo/dist/releases.json', JSON.stringify({ name: 'mfe_demo', current, releases }));
  const file = path.join(root, 'mfe-demo/dist/releases.json');
  fs.utimesSync(file, mtimeSeconds, mtimeSeconds);
}

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-releases-test-'));
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  for (const [id, chunk] of [
    [OLD, '1.aaaaaaaa.js'],
    [NEW, '2.bbbbbbbb.js'],
  ]) {
    const manifest = JSON.stringify({ name: 'mfe_demo', portal: { release: id }, pad: 'x'.repeat(2000) });
    write(`mfe-demo/dist/releases/${id}/mf-manifest.json`, manifest);
    write(`mfe-demo/dist/releases/${id}/mf-manifest.json.br`, zlib.brotliCompressSync(manifest));
    write(`mfe-demo/dist/releases/${id}/remoteEntry.js`, `var mfe_demo = '${id}';`);
    write(`mfe-demo/dist/releases/${id}/remoteEntry.js.map`, '{"version":3,"sources":["src/secret.ts"]}');
    write(`mfe-demo/dist/releases/${id}/${chunk}`, `// chunk of ${id}`);
  }
  write('mfe-demo/dist/releases/.build-123/remoteEntry.js', 'a build that did not finish');
  writeIndex(NEW, [NEW, OLD], 1_800_000_000);
  // A remote built before releases: its dist/ is served as it is.
  write('mfe-legacy/dist/mf-manifest.json', '{"name":"mfe_legacy"}');
  portal = await buildPortalServer({ root, apiUrl: 'http://127.0.0.1:9', env: {} });
});

after(async () => {
  await portal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url, headers = {}) => portal.inject({ method: 'GET', url, headers });

test('every kept release at its own path, immutable, with CORS and its pre-compressed files', async () => {
  for (const id of [OLD, NEW]) {
    const manifest = await get(`/remotes/mfe-demo/releases/${id}/mf-manifest.json`);
    assert.equal(manifest.statusCode, 200);
    assert.equal(JSON.parse(manifest.body).portal.release, id);
    assert.equal(manifest.headers['cache-control'], IMMUTABLE);
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    const entry = await get(`/remotes/mfe-demo/releases/${id}/remoteEntry.js`);
    assert.equal(entry.body, `var mfe_demo = '${id}';`);
    assert.equal(entry.headers['cache-control'], IMMUTABLE);
  }
  const brotli = await get(`/remotes/mfe-demo/releases/${OLD}/mf-manifest.json`, { 'accept-encoding': 'br' });
  assert.equal(brotli.headers['content-encoding'], 'br');
  assert.equal(brotli.headers['cache-control'], IMMUTABLE);
  assert.equal(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload)).portal.release, OLD);
});

test('releases.json lists them, never cached without asking', async () => {
  const index = await get('/remotes/mfe-demo/releases.json');
  assert.equal(index.statusCode, 200);
  assert.equal(index.headers['cache-control'], 'no-cache');
  assert.deepEqual(
    JSON.parse(index.body).releases.map((r) => r.id),
    [NEW, OLD],
  );
});

test('the alias /remotes/mfe-demo/<file> is the newest build and follows a rebuild', async () => {
  const manifest = await get('/remotes/mfe-demo/mf-manifest.json');
  assert.equal(JSON.parse(manifest.body).portal.release, NEW);
  assert.equal(manifest.headers['cache-control'], 'no-cache');
  const entry = await get('/remotes/mfe-demo/remoteEntry.js');
  assert.equal(entry.body, `var mfe_demo = '${NEW}';`);
  assert.equal(entry.headers['cache-control'], 'no-cache');
  // A content-hashed chunk of an older kept release still loads (a page that read the previous manifest).
  const older = await get('/remotes/mfe-demo/1.aaaaaaaa.js');
  assert.equal(older.body, `// chunk of ${OLD}`);
  assert.equal(older.headers['cache-control'], IMMUTABLE);

  writeIndex(OLD, [OLD, NEW], 1_800_000_100);
  assert.equal(JSON.parse((await get('/remotes/mfe-demo/mf-manifest.json')).body).portal.release, OLD);
  writeIndex(NEW, [NEW, OLD], 1_800_000_200);
  assert.equal(JSON.parse((await get('/remotes/mfe-demo/mf-manifest.json')).body).portal.release, NEW);
});

test('no unknown release, unfinished build, source map or path outside the release', async () => {
  for (const url of [
    '/remotes/mfe-demo/releases/0.9.0-cccccccccc/mf-manifest.json',
    '/remotes/mfe-demo/releases/.build-123/remoteEntry.js',
    `/remotes/mfe-demo/releases/${NEW}/remoteEntry.js.map`,
    '/remotes/mfe-demo/remoteEntry.js.map',
    `/remotes/mfe-demo/releases/${NEW}/%2e%2e%2f%2e%2e%2freleases.json`,
    `/remotes/mfe-demo/releases/${NEW}/`,
    '/remotes/mfe-demo/releases/',
    '/remotes/mfe-demo/',
    '/remotes/mfe-demo/nope.js',
  ]) {
    assert.equal((await get(url)).statusCode, 404, url);
  }
});

test('a remote built before releases is served from dist/ as it is', async () => {
  const manifest = await get('/remotes/mfe-legacy/mf-manifest.json');
  assert.equal(manifest.statusCode, 200);
  assert.equal(manifest.headers['cache-control'], 'no-cache');
  assert.equal((await get('/remotes/mfe-legacy/releases.json')).statusCode, 404);
});
