// The lockfile is what `npm ci` installs: it must agree with every workspace's package.json and hold the packages of
// every platform, not only this machine's, so that a clean install on macOS, Windows or another Linux works too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** Where node would find `name` from the package at `from` (a lockfile key): its own node_modules, then upwards. */
export function resolveLocked(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** Optional dependencies (platform bindings above all) that some locked package declares but the lockfile lacks. */
export function missingOptionals(lock) {
  const missing = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveLocked(lock.packages, key, name)) missing.push(`${key || '(root)'} → ${name}`);
    }
  }
  return missing;
}

/** Declared ranges of a package.json that its lockfile entry records differently, or that the locked version misses. */
export function drift(manifest, lockEntry, lock, key) {
  const problems = [];
  for (const field of DEPENDENCY_FIELDS) {
    const declared = manifest[field] ?? {};
    const locked = lockEntry?.[field] ?? {};
    for (const name of new Set([...Object.keys(declared), ...Object.keys(locked)])) {
      if (declared[name] !== locked[name]) {
        problems.push(`${field}.${name}: package.json ${declared[name] ?? '(none)'}, lockfile ${locked[name] ?? '(none)'}`);
        continue;
      }
      if (field === 'peerDependencies') continue;
      const resolved = resolveLocked(lock.packages, key, name);
      const entry = resolved && lock.packages[resolved];
      if (!entry) {
        if (field !== 'optionalDependencies') problems.push(`${name}: not in the lockfile`);
        continue;
      }
      // Workspace links and non-registry specs (file:, git) carry no registry version to compare.
      if (entry.link || !semver.validRange(declared[name])) continue;
      if (!semver.satisfies(entry.version, declared[name], { includePrerelease: true })) {
        problems.push(`${name}: locked ${entry.version} does not satisfy ${declared[name]}`);
      }
    }
  }
  return problems;
}

const lock = readJson('package-lock.json');
const rootManifest = readJson('package.json');
const workspaces = Object.entries(lock.packages).filter(([key, entry]) => key && !key.includes('node_modules') && !entry.link);

test('the lockfile holds the optional packages of every platform', () => {
  assert.deepEqual(missingOptionals(lock), []);
});

test('the root package.json and the lockfile agree', () => {
  assert.deepEqual(drift(rootManifest, lock.packages[''], lock, ''), []);
});

test('every workspace package.json and the lockfile agree', () => {
  assert.ok(workspaces.length >= 5, 'the lockfile lists the workspaces');
  for (const [key] of workspaces) {
    const manifestPath = path.join(key, 'package.json');
    if (!fs.existsSync(path.join(ROOT, manifestPath))) continue;
    const manifest = readJson(manifestPath);
    assert.equal(lock.packages[key].version, manifest.version, `${key}: version`);
    assert.deepEqual(drift(manifest, lock.packages[key], lock, key), [], key);
  }
});

test('the checks see drift and missing platforms', () => {
  const fake = {
    packages: {
      '': { dependencies: { a: '^1.0.0' } },
      'node_modules/a': { version: '2.0.0', optionalDependencies: { 'a-darwin': '2.0.0', 'a-linux': '2.0.0' } },
      'node_modules/a-linux': { version: '2.0.0' },
    },
  };
  assert.deepEqual(missingOptionals(fake), ['node_modules/a → a-darwin']);
  assert.deepEqual(drift({ dependencies: { a: '^1.0.0' } }, fake.packages[''], fake, ''), [
    'a: locked 2.0.0 does not satisfy ^1.0.0',
  ]);
  assert.deepEqual(drift({ dependencies: { a: '^2.0.0', b: '1' } }, fake.packages[''], fake, ''), [
    'dependencies.a: package.json ^2.0.0, lockfile ^1.0.0',
    'dependencies.b: package.json 1, lockfile (none)',
  ]);
});
