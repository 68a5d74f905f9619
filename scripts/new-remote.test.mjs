import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, remotePackages } from './stack.mjs';
import { createRemote } from './new-remote.mjs';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'new-remote-'));
}

test('new-remote copies the template with every placeholder filled in, on the next free dev port', () => {
  const dir = tempDir();
  try {
    const created = createRemote({ name: 'order-export', dir });
    const folder = path.join(dir, 'mfe-order-export');
    assert.equal(created.folder, folder);
    const nextPort = Math.max(...remotePackages(ROOT).map((r) => r.devPort)) + 1;
    assert.equal(created.devPort, nextPort);

    const files = [];
    const walk = (d) =>
      fs
        .readdirSync(d, { withFileTypes: true })
        .forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : files.push(path.join(d, e.name))));
    walk(folder);
    const names = files.map((f) => path.relative(folder, f)).sort();
    for (const expected of [
      'package.json',
      'webpack.config.js',
      'tsconfig.json',
      'jest.config.js',
      'src/remote.tsx',
      'src/routes.tsx',
      'src/locales/en.json',
      'src/locales/de.json',
      'src/assets/card.svg',
      'src/dev/standalone.tsx',
      'src/remote.test.tsx',
    ]) {
      assert.ok(names.includes(expected), `${expected} in ${names.join(', ')}`);
    }
    assert.ok(names.every((n) => !n.endsWith('.tmpl')));
    for (const file of files) assert.doesNotMatch(fs.readFileSync(file, 'utf8'), /__[A-Z_]+__/, file);

    const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    assert.equal(pkg.name, '@portal/mfe-order-export');
    assert.deepEqual(pkg.portal, { id: 'order-export', devPort: nextPort });
    assert.match(fs.readFileSync(path.join(folder, 'webpack.config.js'), 'utf8'), /name: 'mfe_order_export'/);
    const remote = fs.readFileSync(path.join(folder, 'src/remote.tsx'), 'utf8');
    assert.match(remote, /id: 'order-export'/);
    assert.match(remote, /nav: \[\{ path: '\/features\/order-export'/);
    const tsconfig = JSON.parse(fs.readFileSync(path.join(folder, 'tsconfig.json'), 'utf8'));
    assert.equal(path.resolve(folder, tsconfig.extends), path.join(ROOT, 'tsconfig.base.json'));
    const en = JSON.parse(fs.readFileSync(path.join(folder, 'src/locales/en.json'), 'utf8'));
    const de = JSON.parse(fs.readFileSync(path.join(folder, 'src/locales/de.json'), 'utf8'));
    assert.deepEqual(Object.keys(en), Object.keys(de));
    assert.equal(en.card_title, 'Order Export');

    // the registry entry it suggests fits the contract's shapes
    assert.deepEqual(created.registryEntry.routes, ['/features/order-export']);
    assert.equal(created.registryEntry.remote, 'mfe_order_export');
    assert.match(created.registryEntry.card.pluginName, /^[a-z][a-z0-9_]{1,39}$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('new-remote takes route, title and port, and is found by remotePackages like any other remote', () => {
  const root = tempDir();
  try {
    fs.writeFileSync(path.join(root, 'tsconfig.base.json'), '{}');
    createRemote({ name: 'hello', root, route: '/features/hello-world', title: 'Hallo Welt', port: 3190 });
    assert.deepEqual(remotePackages(root), [{ folder: 'mfe-hello', id: 'hello', devPort: 3190 }]);
    const en = JSON.parse(fs.readFileSync(path.join(root, 'mfe-hello/src/locales/en.json'), 'utf8'));
    assert.equal(en.nav_label, 'Hallo Welt');
    assert.match(
      fs.readFileSync(path.join(root, 'mfe-hello/src/routes.tsx'), 'utf8'),
      /path: '\/features\/hello-world'/,
    );
    // the next one gets the next port
    assert.equal(createRemote({ name: 'second', root }).devPort, 3191);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('new-remote refuses a bad name, a bad route, an existing folder or id and a taken port', () => {
  const root = tempDir();
  try {
    fs.writeFileSync(path.join(root, 'tsconfig.base.json'), '{}');
    assert.throws(() => createRemote({ name: 'Bad_Name', root }), /is no remote name/);
    assert.throws(() => createRemote({ name: 'x--y', root }), /is no remote name/);
    assert.throws(() => createRemote({ name: 'ok', root, route: 'features/ok' }), /must be an absolute path/);
    createRemote({ name: 'taken', root, port: 3150 });
    assert.throws(() => createRemote({ name: 'taken', root }), /already exists/);
    assert.throws(() => createRemote({ name: 'other', root, port: 3150 }), /dev port 3150 is taken/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
