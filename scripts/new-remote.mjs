#!/usr/bin/env node
// npm run new-remote -- <name> [--route /features/<name>] [--title "Title"] [--port 3108] [--dir <parent folder>]
//
// Copies scripts/remote-template/ to mfe-<name>/ (placeholders filled in): a remote that builds, tests and runs on its
// own, with one lazy page, a nav entry, a dashboard card (texts + picture) and DE/EN texts. Nothing else in the
// repository changes: the workspaces glob (mfe-*), `npm run dev` (ports from package.json "portal") and the portal
// server (/remotes/mfe-<name>/) pick the folder up as it is. To show it in the portal, staff register it in the
// console (/staff) — the entry this script prints.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, remotePackages } from './stack.mjs';

export const TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'remote-template');
const FIRST_DEV_PORT = 3101;

function titleOf(name) {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

/**
 * Creates `<dir>/mfe-<name>` from the template and returns what a registry entry needs.
 * @param {{ name: string, root?: string, dir?: string, port?: number, route?: string, title?: string }} options
 */
export function createRemote({ name, root = ROOT, dir = root, port, route, title }) {
  if (typeof name !== 'string' || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.length > 30) {
    throw new Error(`"${name}" is no remote name: lower-case letters, digits and single hyphens, e.g. "order-export"`);
  }
  const routePath = route ?? `/features/${name}`;
  if (!/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(routePath)) {
    throw new Error(`route "${routePath}" must be an absolute path of lower-case segments, e.g. /features/${name}`);
  }
  const folder = path.join(path.resolve(dir), `mfe-${name}`);
  if (fs.existsSync(folder)) throw new Error(`${folder} already exists`);
  const taken = remotePackages(root);
  if (taken.some((r) => r.id === name)) throw new Error(`a remote with id "${name}" already exists`);
  const devPort = port ?? Math.max(FIRST_DEV_PORT - 1, ...taken.map((r) => r.devPort)) + 1;
  if (!Number.isInteger(devPort) || devPort < 1024 || devPort > 65535) throw new Error(`bad port ${port}`);
  if (taken.some((r) => r.devPort === devPort)) throw new Error(`dev port ${devPort} is taken`);

  const federationName = `mfe_${name.replace(/-/g, '_')}`;
  const values = {
    __ID__: name,
    __FEDERATION__: federationName,
    __PORT__: String(devPort),
    __ROUTE__: routePath,
    __TITLE__: title ?? titleOf(name),
    __TSCONFIG_BASE__: path.relative(folder, path.join(root, 'tsconfig.base.json')).split(path.sep).join('/'),
  };
  for (const file of fs.readdirSync(TEMPLATE_DIR, { recursive: true })) {
    const source = path.join(TEMPLATE_DIR, file);
    if (fs.statSync(source).isDirectory()) continue;
    const target = path.join(folder, file).replace(/\.tmpl$/, '');
    const text = fs.readFileSync(source, 'utf8').replace(/__[A-Z_]+__/g, (token) => {
      if (!(token in values)) throw new Error(`${source}: unknown placeholder ${token}`);
      return values[token];
    });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return {
    folder,
    id: name,
    remote: federationName,
    devPort,
    route: routePath,
    /** A registry entry for POST /api/staff/registry (the console's create dialog has the same fields). */
    registryEntry: {
      id: name,
      remote: federationName,
      manifestUrl: `/remotes/mfe-${name}/mf-manifest.json`,
      routes: [routePath],
      enabled: true,
      audience: { kind: 'internal' },
      comingSoon: false,
      buyWithoutFilling: true,
      order: 500,
      card: { pluginName: federationName.replace(/^mfe_/, ''), configurePath: routePath },
    },
  };
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  try {
    const string = { type: 'string' };
    const options = { route: string, title: string, port: string, dir: string };
    const { values, positionals } = parseArgs({ options, allowPositionals: true });
    const name = positionals[0];
    if (!name) {
      console.error(
        'usage: npm run new-remote -- <name> [--route /features/<name>] [--title "Title"] [--port n] [--dir path]',
      );
      process.exit(2);
    }
    const created = createRemote({ ...values, name, port: values.port && Number(values.port) });
    const relative = path.relative(process.cwd(), created.folder) || '.';
    console.log(`Created ${relative} (dev port ${created.devPort}, route ${created.route}).

Next:
  npm install                          # links the new workspace (mfe-* is a workspace glob)
  npm test -w mfe-${name}               # its tests
  npm run dev -w mfe-${name}            # the remote alone on http://127.0.0.1:${created.devPort} with fake services
  npm run build -w mfe-${name}          # a release in dist/releases/ — npm start serves the newest at /remotes/mfe-${name}/

Then register it as staff in the console (/staff → New entry), or with the api:
${JSON.stringify(created.registryEntry, null, 2)}
Audience "internal" shows it to staff first; switch to "all" when it is ready.`);
  } catch (error) {
    console.error(`new-remote: ${error.message}`);
    process.exit(1);
  }
}
