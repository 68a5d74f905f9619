// Immutable releases of a remote's production build:
//
//   dist/releases/<version>-<hash>/   mf-manifest.json (with a `portal` block: release id, version, contract),
//                                     remoteEntry.js, the chunks, assets, portal-remote.json …; never written again
//   dist/releases.json                the kept releases, newest first, and `current`: the newest build
//
// <version> is the remote's package.json version, <hash> the first 10 hex digits of a SHA-256 over the release's files
// (names and contents, the manifest aside: it carries the id). webpack writes into dist/releases/.build-<pid>/ (the
// portal server serves no dot folder); when the build succeeded, that folder becomes the release, or is dropped when
// the same release exists already. The newest KEEP_RELEASES stay; older ones are deleted with their folders.
// Anything else in dist/ (the files of a build before releases) is removed: dist/ holds releases only.
const { createHash } = require('crypto');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const contract = require('../src/remote/contract.json');

const RELEASES_DIR = 'releases';
const INDEX_FILE = 'releases.json';
const MANIFEST_FILE = 'mf-manifest.json';
const STAGING_PREFIX = '.build-';
/** Releases kept on disk per remote (a registry entry's live, preview and rollback releases are usually among them). */
const KEEP_RELEASES = 10;
/** A staging folder this old was left by a build that did not finish. */
const STALE_STAGING_MS = 60 * 60 * 1000;

/** Where webpack writes a production build of the remote in `dir` (see the header). */
function releaseStagingDir(dir) {
  return path.join(dir, 'dist', RELEASES_DIR, `${STAGING_PREFIX}${process.pid}`);
}

/** The package version as it may stand in a path ('1.2.0+build.5' → '1.2.0-build.5'). */
function pathVersion(version) {
  return String(version || '0.0.0').replace(/[^0-9A-Za-z.-]/g, '-');
}

function filesBelow(root, dir = root) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesBelow(root, full) : [path.relative(root, full).split(path.sep).join('/')];
    })
    .sort();
}

const isManifestFile = (rel) => rel === MANIFEST_FILE || rel === `${MANIFEST_FILE}.br` || rel === `${MANIFEST_FILE}.gz`;

/** 10 hex digits of a SHA-256 over every file's name and content except the manifest's. */
function contentHash(folder) {
  const hash = createHash('sha256');
  for (const rel of filesBelow(folder)) {
    if (isManifestFile(rel)) continue;
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(path.join(folder, rel)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** Writes the `portal` block into the manifest, and its .br / .gz again where the build wrote them. */
function stampManifest(folder, block) {
  const file = path.join(folder, MANIFEST_FILE);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const text = JSON.stringify({ ...manifest, portal: block }, null, 2);
  fs.writeFileSync(file, text);
  const buffer = Buffer.from(text);
  if (fs.existsSync(`${file}.br`)) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params }));
  }
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
}

function readIndex(dist) {
  try {
    const index = JSON.parse(fs.readFileSync(path.join(dist, INDEX_FILE), 'utf8'));
    return Array.isArray(index.releases) ? index : null;
  } catch {
    return null;
  }
}

/** Written beside and renamed over: a reader sees the old index or the new one, never half of one. */
function writeIndex(dist, index) {
  const temp = path.join(dist, `.${INDEX_FILE}.${process.pid}`);
  fs.writeFileSync(temp, `${JSON.stringify(index, null, 2)}\n`);
  fs.renameSync(temp, path.join(dist, INDEX_FILE));
}

/** Files of a build before releases, and staging folders of builds that did not finish. */
function removeLeftovers(dist, releasesDir, ownStaging) {
  for (const name of fs.readdirSync(dist)) {
    if (name === RELEASES_DIR || name === INDEX_FILE) continue;
    fs.rmSync(path.join(dist, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(releasesDir)) {
    const full = path.join(releasesDir, name);
    if (!name.startsWith(STAGING_PREFIX) || full === ownStaging) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > STALE_STAGING_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Turns the finished build in the staging folder into dist/releases/<version>-<hash>/ and lists it first in
 * dist/releases.json. Returns the release id.
 */
function publishRelease({ dir, staging, name, now = new Date() }) {
  const dist = path.join(dir, 'dist');
  const releasesDir = path.join(dist, RELEASES_DIR);
  const version = pathVersion(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version);
  const id = `${version}-${contentHash(staging)}`;
  const target = path.join(releasesDir, id);
  if (fs.existsSync(target)) {
    // The same files were released before: that release stays as it is.
    fs.rmSync(staging, { recursive: true, force: true });
  } else {
    stampManifest(staging, { release: id, version, contract: contract.version });
    fs.renameSync(staging, target);
  }

  const previous = readIndex(dist)?.releases ?? [];
  const known = previous.filter((r) => r && r.id !== id && fs.existsSync(path.join(releasesDir, r.id)));
  const own = previous.find((r) => r && r.id === id);
  const releases = [
    {
      id,
      version,
      contract: contract.version,
      builtAt: own?.builtAt ?? now.toISOString(),
      manifest: `${RELEASES_DIR}/${id}/${MANIFEST_FILE}`,
    },
    ...known,
  ];
  for (const dropped of releases.slice(KEEP_RELEASES)) {
    fs.rmSync(path.join(releasesDir, dropped.id), { recursive: true, force: true });
  }
  writeIndex(dist, { name, current: id, releases: releases.slice(0, KEEP_RELEASES) });
  removeLeftovers(dist, releasesDir, staging);
  return id;
}

/** The production build's last step: publishRelease once webpack has written a build without errors. */
class PortalReleasePlugin {
  constructor({ dir, name }) {
    this.dir = dir;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.done.tap('PortalReleasePlugin', (stats) => {
      if (stats.hasErrors()) return;
      const staging = compiler.options.output.path;
      const id = publishRelease({ dir: this.dir, staging, name: this.name });
      const logger = compiler.getInfrastructureLogger('PortalReleasePlugin');
      logger.info(`release ${id}: dist/${RELEASES_DIR}/${id}/${MANIFEST_FILE}`);
    });
  }
}

module.exports = {
  PortalReleasePlugin,
  publishRelease,
  releaseStagingDir,
  RELEASES_DIR,
  INDEX_FILE,
  KEEP_RELEASES,
};
