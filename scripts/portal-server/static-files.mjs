// The built bundles: shell/dist at /, mfe-*/dist at /remotes/mfe-*/, through @fastify/static (send), which picks
// the .br / .gz file written at build time by Accept-Encoding and answers conditional requests (ETag, 304).
// A remote's build is a set of releases (shared/webpack/release.js): /remotes/mfe-x/releases/<id>/… serves each kept
// release, cached for a year (a release is never written again); /remotes/mfe-x/releases.json lists them; any other
// /remotes/mfe-x/<file> is the stable alias of the newest build (releases.json's `current`), so the default registry
// entries (/remotes/mfe-x/mf-manifest.json) follow every rebuild without staff doing anything.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';

const REMOTE_FOLDER = /^mfe-[a-z0-9-]+$/;
// Webpack names chunks `[name].[contenthash:8].js` and assets `[name].[contenthash:8][ext]` (shared preset).
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const PRECOMPRESSED = /\.(br|gz)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** '/releases/<id>/<file>' below a remote: a release's own path (the id is checked on the folder that exists). */
const RELEASE_PATH = /^\/releases\/([^/]+)\/.+$/;
const RELEASES_INDEX = 'releases.json';
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
};

export function cacheControlOf(file) {
  const base = path.basename(file).replace(PRECOMPRESSED, '');
  const ext = path.extname(base).toLowerCase();
  if (ext === '.html' || ext === '.json' || base === 'remoteEntry.js') return 'no-cache';
  if (HASHED_FILE.test(base)) return IMMUTABLE;
  return 'public, max-age=0, must-revalidate';
}

/**
 * Maps a URL path below a directory to a file path, or null when it would leave the directory,
 * names a hidden file (e.g. dist/.build-stamp.json) or is malformed.
 */
export function safeJoin(baseDir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const base = path.resolve(baseDir);
  const full = path.resolve(base, ...segments);
  if (full !== base && !full.startsWith(base + path.sep)) return null;
  return full;
}

// Source maps stay beside the build for error reports but are never published (they carry the sources): the
// bundles name none (hidden-source-map in the shared preset), and a request for one is answered 404. Checked on the
// resolved path, in any case and with a compressed variant's suffix, so that neither `main.js.MAP` on a
// case-insensitive disk nor `main.js.map/` nor `main.js.map.gz` gets one.
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** An existing file below a dist folder that may be served (no source map). */
function isServable(file) {
  return !SOURCE_MAP.test(file) && isFile(file);
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Sends `file` (an existing path below `dir`) with the pre-compressed variant the client accepts. */
function sendBelow(reply, dir, file) {
  return reply.sendFile(path.relative(dir, file).split(path.sep).join('/'), dir);
}

/** The release ids of dist/releases.json, current first; null when the remote's build has no releases. */
function releaseIndexReader() {
  const cache = new Map();
  return function releasesOf(dist) {
    const file = path.join(dist, RELEASES_INDEX);
    let mtime;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit.ids;
    let ids = null;
    try {
      const index = JSON.parse(fs.readFileSync(file, 'utf8'));
      const listed = Array.isArray(index.releases) ? index.releases.map((r) => r?.id) : [];
      ids = [index.current, ...listed].filter((id, i, all) => typeof id === 'string' && all.indexOf(id) === i);
    } catch {
      // being replaced or broken: no releases until it reads again
    }
    cache.set(file, { mtime, ids });
    return ids;
  };
}

/**
 * The file a /remotes/mfe-x/<rest> request names, with the cache-control it gets (null: the file's own rule), or
 * null when there is none. A release's own path is immutable; the alias serves the current release's file, and a
 * content-hashed file also from an older kept release (a page that loaded the previous build's manifest just before
 * a rebuild still gets its chunks).
 */
function remoteFile(dist, rest, releasesOf) {
  const releases = releasesOf(dist);
  if (rest === `/${RELEASES_INDEX}`) {
    const file = safeJoin(dist, rest);
    return file && isFile(file) ? { file, cacheControl: 'no-cache' } : null;
  }
  if (RELEASE_PATH.test(rest)) {
    const file = safeJoin(dist, rest);
    return file && isServable(file) ? { file, cacheControl: IMMUTABLE } : null;
  }
  if (!releases) {
    const file = safeJoin(dist, rest);
    return file && isServable(file) ? { file, cacheControl: null } : null;
  }
  const candidates = HASHED_FILE.test(path.basename(rest)) ? releases : releases.slice(0, 1);
  for (const id of candidates) {
    const file = safeJoin(path.join(dist, 'releases', id), rest);
    if (file && isServable(file)) return { file, cacheControl: null };
  }
  return null;
}

/** @param {import('fastify').FastifyInstance} app @param {{ root: string }} options */
export async function staticFiles(app, { root }) {
  // The cache-control a response gets when its URL decides it rather than its file (a release path, the alias).
  const cacheControlFor = new WeakMap();
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControlFor.get(res) ?? cacheControlOf(file));
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const releasesOf = releaseIndexReader();

  // The raw path: safeJoin decodes it once (route params are already decoded).
  const rawPath = (request) => request.raw.url.split('?')[0];
  const notFound = (reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

  app.options('/remotes/*', (_request, reply) => {
    reply
      .headers({ ...CORS_HEADERS, 'access-control-max-age': '600' })
      .code(204)
      .send();
  });
  app.get('/remotes/*', (request, reply) => {
    reply.headers(CORS_HEADERS);
    const match = /^\/remotes\/([^/]+)(\/.*)?$/.exec(rawPath(request));
    if (!match || !REMOTE_FOLDER.test(match[1])) return notFound(reply);
    const dist = path.join(root, match[1], 'dist');
    const found = remoteFile(dist, match[2] ?? '/', releasesOf);
    if (!found) return notFound(reply);
    if (found.cacheControl) cacheControlFor.set(reply.raw, found.cacheControl);
    return sendBelow(reply, dist, found.file);
  });

  const shellDist = path.join(root, 'shell', 'dist');
  app.get('/*', (request, reply) => {
    const pathname = rawPath(request);
    const file = safeJoin(shellDist, pathname);
    if (file && isServable(file)) return sendBelow(reply, shellDist, file);
    // Client-side routes (/dashboard, /features/gpsr/product/edit/42) get the app; missing files stay 404.
    if (file === null || path.extname(pathname) !== '') return notFound(reply);
    if (!isFile(path.join(shellDist, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The shell is not built yet (shell/dist/index.html missing). Run npm start or npm run build.');
    }
    return reply.sendFile('index.html', shellDist);
  });
}
