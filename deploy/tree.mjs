#!/usr/bin/env node
// The parts of the repository a runtime image is made of, copied with their folders (Docker's COPY flattens globs):
//   node deploy/tree.mjs manifests <to>   package.json, package-lock.json and every workspace's package.json: what
//                                         `npm ci` needs (the workspaces are the lockfile's, so a new remote counts)
//   node deploy/tree.mjs bundles <to>     the built bundles the portal server serves: shell/dist and mfe-*/dist
// The Dockerfiles use it, and scripts/production-install.test.mjs installs what `manifests` copies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace folders: the lockfile's package keys outside node_modules ('api', 'shell', 'mfe-gpsr', …). */
export function workspaceFolders(root = ROOT) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  return Object.keys(lock.packages).filter((key) => key && !key.includes('node_modules/'));
}

function copy(root, to, rel) {
  fs.cpSync(path.join(root, rel), path.join(to, rel), { recursive: true });
}

/** Copies the install manifests; returns the workspace folders. */
export function copyManifests(to, root = ROOT) {
  const workspaces = workspaceFolders(root);
  for (const rel of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    copy(root, to, rel);
  }
  return workspaces;
}

/** Copies shell/dist and every mfe-*\/dist that exists; returns the folders copied. */
export function copyBundles(to, root = ROOT) {
  const folders = workspaceFolders(root).filter((w) => w === 'shell' || /^mfe-[a-z0-9-]+$/.test(w));
  const built = folders.filter((w) => fs.existsSync(path.join(root, w, 'dist')));
  for (const w of built) copy(root, to, `${w}/dist`);
  return built.map((w) => `${w}/dist`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [what, to] = process.argv.slice(2);
  const run = { manifests: copyManifests, bundles: copyBundles }[what];
  if (!run || !to) {
    console.error('usage: node deploy/tree.mjs <manifests|bundles> <to>');
    process.exit(2);
  }
  const copied = run(path.resolve(to));
  console.log(`${what}: ${copied.join(', ')} → ${to}`);
}
