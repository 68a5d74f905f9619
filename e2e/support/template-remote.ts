// A remote made the way a plugin team makes one: `npm run new-remote` (scripts/new-remote.mjs) copies the template,
// webpack builds it with the shared preset (each build an immutable release under dist/releases/, listed in
// dist/releases.json), and a plain static server on its own port serves dist/ as a CDN would — nothing of it is part
// of the shell's build or the api's start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createRemote } from '../../scripts/new-remote.mjs';

const require = createRequire(import.meta.url);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Git- and lint-ignored; inside the repo so the build resolves @portal/shared and the pinned React. */
const WORK_DIR = path.join(repo, 'e2e', '.tmp');

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface RemoteRelease {
  /** '<version>-<hash>' */
  id: string;
  /** The release's own mf-manifest.json on the remote's server. */
  manifestUrl: string;
}

export interface TemplateRemote {
  id: string;
  federationName: string;
  route: string;
  /** The remote's own card title, nav label and page title (its locales). */
  title: string;
  origin: string;
  /** The manifest URL of the first build's release. */
  manifestUrl: string;
  /** The first build. */
  release: RemoteRelease;
  /** Edits the remote's folder (`change`) and builds it again: the next release, beside the ones before. */
  rebuild(change: (edit: RemoteEdit) => void): Promise<RemoteRelease>;
  close(): Promise<void>;
}

/** What a test changes in the remote's folder between two builds. */
export interface RemoteEdit {
  /** package.json's version (the release id starts with it). */
  version(version: string): void;
  /** One text of the remote's locales, in both languages. */
  text(key: string, value: string): void;
  /** A dependency range in package.json (the range the build's shared modules ask for). */
  dependency(name: string, range: string): void;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NX_NO_CLOUD: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Serves `dir` on 127.0.0.1 (a free port) with CORS, as a CDN would. */
function serveStatic(dir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
    response.setHeader('access-control-allow-origin', '*');
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

function editJson(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

function editor(folder: string): RemoteEdit {
  const pkg = path.join(folder, 'package.json');
  return {
    version: (version) => editJson(pkg, (json) => (json.version = version)),
    text: (key, value) => {
      for (const lang of ['en', 'de'])
        editJson(path.join(folder, 'src', 'locales', `${lang}.json`), (j) => (j[key] = value));
    },
    dependency: (name, range) =>
      editJson(pkg, (json) => ((json.devDependencies as Record<string, string>)[name] = range)),
  };
}

/** Builds the remote for production; the release it made (releases.json's current) as a path below dist/. */
async function buildRelease(folder: string): Promise<{ id: string; manifest: string }> {
  const webpack = require.resolve('webpack-cli/bin/cli.js', { paths: [repo] });
  await run(process.execPath, [webpack, '--mode', 'production'], folder);
  const index = JSON.parse(fs.readFileSync(path.join(folder, 'dist', 'releases.json'), 'utf8')) as {
    current: string;
    releases: { id: string; manifest: string }[];
  };
  const current = index.releases.find((r) => r.id === index.current);
  if (!current) throw new Error(`releases.json of ${folder} lists no current release`);
  return current;
}

/** Generates `mfe-<name>` from the template into e2e/.tmp, builds it for production and serves dist/. */
export async function buildTemplateRemote(name: string, title: string): Promise<TemplateRemote> {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const parent = fs.mkdtempSync(path.join(WORK_DIR, 'remote-'));
  const created = createRemote({ name, dir: parent, title, port: 3900 });
  const built = await buildRelease(created.folder);
  const server = await serveStatic(path.join(created.folder, 'dist'));
  const released = ({ id, manifest }: { id: string; manifest: string }) => ({
    id,
    manifestUrl: `${server.origin}/${manifest}`,
  });
  const first = released(built);
  return {
    id: created.id,
    federationName: created.remote,
    route: created.route,
    title,
    origin: server.origin,
    manifestUrl: first.manifestUrl,
    release: first,
    async rebuild(change) {
      change(editor(created.folder));
      return released(await buildRelease(created.folder));
    },
    async close() {
      await server.close();
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}
