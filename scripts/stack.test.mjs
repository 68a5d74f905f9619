import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STAMP_FILE, checkStale, sourceHash, webpackPackages } from './stack.mjs';

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function fakeRepo() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
  for (const pkg of ['shell', 'mfe-gpsr', 'mfe-billing']) {
    write(path.join(root, pkg, 'webpack.config.js'), 'module.exports = {};');
    write(path.join(root, pkg, 'package.json'), `{"name":"@portal/${pkg}"}`);
    write(path.join(root, pkg, 'src/index.ts'), `export const name = '${pkg}';`);
  }
  write(path.join(root, 'mfe-nowebpack/package.json'), '{}');
  write(path.join(root, 'api/package.json'), '{}');
  write(path.join(root, 'shared/package.json'), '{"name":"@portal/shared"}');
  write(path.join(root, 'shared/src/domain/rules.ts'), 'export const MIN = 6;');
  return root;
}

/** What a successful build leaves behind: the entry file plus the stamp of the hash it was built from. */
function markBuilt(root, pkg) {
  const entry = pkg === 'shell' ? 'index.html' : 'mf-manifest.json';
  write(path.join(root, pkg, 'dist', entry), '{}');
  write(path.join(root, pkg, 'dist', STAMP_FILE), JSON.stringify({ hash: sourceHash(root, pkg) }));
}

test('finds the webpack packages, shell first', () => {
  const root = fakeRepo();
  assert.deepEqual(webpackPackages(root), ['shell', 'mfe-billing', 'mfe-gpsr']);
});

test('a package without a build, or without a stamp, is stale', () => {
  const root = fakeRepo();
  assert.equal(checkStale(root, 'mfe-gpsr').reason, 'no build yet');
  write(path.join(root, 'mfe-gpsr/dist/mf-manifest.json'), '{}');
  assert.equal(checkStale(root, 'mfe-gpsr').reason, 'no build stamp');
  markBuilt(root, 'mfe-gpsr');
  assert.equal(checkStale(root, 'mfe-gpsr').stale, false);
});

test('own sources, webpack config, package.json and shared/src make a package stale; tests and others do not', () => {
  const root = fakeRepo();
  for (const pkg of webpackPackages(root)) markBuilt(root, pkg);

  write(path.join(root, 'mfe-gpsr/src/feature.test.tsx'), 'test()');
  write(path.join(root, 'api/src/server.ts'), 'listen()');
  assert.equal(checkStale(root, 'mfe-gpsr').stale, false);

  write(path.join(root, 'mfe-gpsr/src/index.ts'), 'export const changed = 1;');
  assert.equal(checkStale(root, 'mfe-gpsr').reason, 'sources changed');
  assert.equal(checkStale(root, 'mfe-billing').stale, false);
  markBuilt(root, 'mfe-gpsr');

  write(path.join(root, 'mfe-billing/webpack.config.js'), 'module.exports = { mode: "production" };');
  assert.equal(checkStale(root, 'mfe-billing').stale, true);
  markBuilt(root, 'mfe-billing');

  write(path.join(root, 'shell/package.json'), '{"name":"@portal/shell","version":"2"}');
  assert.equal(checkStale(root, 'shell').stale, true);
  markBuilt(root, 'shell');

  write(path.join(root, 'shared/src/domain/rules.ts'), 'export const MIN = 8;');
  assert.deepEqual(
    webpackPackages(root).map((pkg) => checkStale(root, pkg).stale),
    [true, true, true],
  );
});
