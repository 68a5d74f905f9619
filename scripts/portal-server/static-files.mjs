// The built bundles: shell/dist at /, mfe-*/dist at /remotes/mfe-*/, through @fastify/static (send), which picks
// the .br / .gz file written at build time by Accept-Encoding and answers conditional requests (ETag, 304).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';

const REMOTE_FOLDER = /^mfe-[a-z0-9-]+$/;
// Webpack names chunks `[name].[contenthash:8].js` and assets `[name].[contenthash:8][ext]` (shared preset).
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const PRECOMPRESSED = /\.(br|gz)$/;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
};

export function cacheControlOf(file) {
  const base = path.basename(file).replace(PRECOMPRESSED, '');
  const ext = path.extname(base).toLowerCase();
  if (ext === '.html' || ext === '.json' || base === 'remoteEntry.js') return 'no-cache';
  if (HASHED_FILE.test(base)) return 'public, max-age=31536000, immutable';
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

/** @param {import('fastify').FastifyInstance} app @param {{ root: string }} options */
export async function staticFiles(app, { root }) {
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControlOf(file));
      res.setHeader('vary', 'accept-encoding');
    },
  });

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
    const file = safeJoin(dist, match[2] ?? '/');
    return file && isServable(file) ? sendBelow(reply, dist, file) : notFound(reply);
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
