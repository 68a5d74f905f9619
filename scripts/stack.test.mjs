import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, buildBundles, remotePackages } from './stack.mjs';

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

// Each package's "build" logs that it ran and writes dist/ from its sources, like webpack does.
const BUILD = `
const fs = require('node:fs');
const pkg = require('./package.json').name;
fs.appendFileSync('../builds.log', pkg + '\\n');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', fs.readFileSync('src/index.ts', 'utf8'));
`;

/** A workspace with the repo's lerna.json and nx.json, using the repo's node_modules. */
function fakeRepo() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
  const packages = ['shell', 'mfe-gpsr', 'mfe-billing'];
  write(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'fake', private: true, workspaces: ['shared', ...packages, 'api'] }),
  );
  for (const file of ['lerna.json', 'nx.json']) fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  write(path.join(root, '.gitignore'), 'node_modules/\ndist/\n.nx/\nbuilds.log\n');
  for (const pkg of packages) {
    write(path.join(root, pkg, 'webpack.config.js'), 'module.exports = {};');
    write(
      path.join(root, pkg, 'package.json'),
      JSON.stringify({ name: `@fake/${pkg}`, scripts: { build: 'node build.js' } }),
    );
    write(path.join(root, pkg, 'build.js'), BUILD);
    write(path.join(root, pkg, 'src/index.ts'), `export const name = '${pkg}';`);
  }
  write(path.join(root, 'api/package.json'), '{"name":"@fake/api"}');
  write(path.join(root, 'api/src/server.ts'), 'listen()');
  write(path.join(root, 'shared/package.json'), '{"name":"@fake/shared"}');
  write(path.join(root, 'shared/src/domain/rules.ts'), 'export const MIN = 6;');
  return root;
}

test('builds only what is stale: own sources and shared/src count, tests and other packages do not', async () => {
  const root = fakeRepo();
  const env = { ...process.env };
  // The cache of this throw-away workspace stays in it.
  process.env.NX_CACHE_DIRECTORY = path.join(root, '.nx', 'cache');
  process.env.NX_WORKSPACE_DATA_DIRECTORY = path.join(root, '.nx', 'workspace-data');
  const builds = async () => {
    fs.rmSync(path.join(root, 'builds.log'), { force: true });
    await buildBundles({ root, quiet: true });
    return fs.existsSync(path.join(root, 'builds.log'))
      ? fs.readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n').sort()
      : [];
  };
  try {
    assert.deepEqual(await builds(), ['@fake/mfe-billing', '@fake/mfe-gpsr', '@fake/shell']);

    // Nothing changed: nothing is built, and a deleted dist/ comes back from the cache.
    fs.rmSync(path.join(root, 'shell', 'dist'), { recursive: true });
    assert.deepEqual(await builds(), []);
    assert.equal(fs.readFileSync(path.join(root, 'shell/dist/index.html'), 'utf8'), "export const name = 'shell';");

    write(path.join(root, 'mfe-gpsr/src/feature.test.tsx'), 'test()');
    write(path.join(root, 'api/src/server.ts'), 'listen(1)');
    write(path.join(root, 'mfe-gpsr/src/index.ts'), 'export const changed = 1;');
    assert.deepEqual(await builds(), ['@fake/mfe-gpsr']);
    assert.equal(fs.readFileSync(path.join(root, 'mfe-gpsr/dist/index.html'), 'utf8'), 'export const changed = 1;');

    write(path.join(root, 'shared/src/domain/rules.ts'), 'export const MIN = 8;');
    assert.deepEqual(await builds(), ['@fake/mfe-billing', '@fake/mfe-gpsr', '@fake/shell']);
  } finally {
    process.env = env;
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a failed remote leaves the others built and rejects only with strict or without a shell bundle', async () => {
  const root = fakeRepo();
  const env = { ...process.env };
  process.env.NX_CACHE_DIRECTORY = path.join(root, '.nx', 'cache');
  process.env.NX_WORKSPACE_DATA_DIRECTORY = path.join(root, '.nx', 'workspace-data');
  try {
    write(path.join(root, 'mfe-billing/build.js'), 'process.exit(1);');
    await buildBundles({ root, quiet: true });
    assert.ok(fs.existsSync(path.join(root, 'shell/dist/index.html')));
    assert.ok(fs.existsSync(path.join(root, 'mfe-gpsr/dist/index.html')));
    await assert.rejects(buildBundles({ root, quiet: true, strict: true }), /build failed/);

    fs.rmSync(path.join(root, 'shell/dist'), { recursive: true });
    write(path.join(root, 'shell/build.js'), 'process.exit(1);');
    await assert.rejects(buildBundles({ root, quiet: true }), /build failed/);
  } finally {
    process.env = env;
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('remotePackages: every mfe-* folder of the repo declares its id and dev port once, in its package.json', () => {
  const remotes = remotePackages();
  const folders = fs
    .readdirSync(ROOT)
    .filter((name) => /^mfe-/.test(name) && fs.existsSync(path.join(ROOT, name, 'package.json')));
  assert.deepEqual(
    remotes.map((r) => r.folder),
    folders.sort(),
  );
  assert.equal(new Set(remotes.map((r) => r.devPort)).size, remotes.length);
  assert.deepEqual(
    remotes.find((r) => r.folder === 'mfe-gpsr'),
    { folder: 'mfe-gpsr', id: 'gpsr', devPort: 3104 },
  );
});

test('remotePackages: picks up a new folder as it is and names the folder of a bad or clashing portal field', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-packages-'));
  const pkg = (folder, portal) =>
    write(
      path.join(root, folder, 'package.json'),
      JSON.stringify({ name: `@x/${folder}`, ...(portal ? { portal } : {}) }),
    );
  try {
    pkg('mfe-orders', { id: 'orders', devPort: 3120 });
    pkg('mfe-no-portal');
    pkg('shell', { id: 'shell', devPort: 3000 });
    assert.deepEqual(remotePackages(root), [{ folder: 'mfe-orders', id: 'orders', devPort: 3120 }]);

    pkg('mfe-hello', { id: 'hello', devPort: 3121 });
    assert.deepEqual(
      remotePackages(root).map((r) => r.folder),
      ['mfe-hello', 'mfe-orders'],
    );

    pkg('mfe-clash', { id: 'clash', devPort: 3120 });
    assert.throws(() => remotePackages(root), /mfe-(clash|orders) and mfe-(clash|orders) both use dev port 3120/);
    pkg('mfe-clash', { id: 'Clash!', devPort: 3122 });
    assert.throws(() => remotePackages(root), /mfe-clash\/package.json: "portal.id"/);
    pkg('mfe-clash', { id: 'clash', devPort: '3122' });
    assert.throws(() => remotePackages(root), /mfe-clash\/package.json: "portal.devPort"/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
