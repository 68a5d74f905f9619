#!/usr/bin/env node
// The portal server of `npm start` (plain node:http):
//   /                      shell/dist, SPA fallback to index.html for unknown paths without a file extension
//   /remotes/mfe-x/...     mfe-x/dist with CORS headers (the shell loads remotes at runtime)
//   /portal-config.json    runtime config built from env (see portal-config.mjs)
//   /api, /api/...         streamed to the api (method, headers and body kept)
// Env: PORT (8080), HOST (all interfaces), API_URL (http://127.0.0.1:${API_PORT:-3001}), PORTAL_ROOT (repo root).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { portalConfigFromEnv } from './portal-config.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

const REMOTE_FOLDER = /^mfe-[a-z0-9-]+$/;
// Webpack names chunks `[name].[contenthash:8].js` and assets `[name].[contenthash:8][ext]` (shared preset).
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};
// Hop-by-hop headers are meaningful for one connection only (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export function contentTypeOf(file) {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlOf(file) {
  const base = path.basename(file);
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

function statFile(file) {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

function sendJson(res, status, body, extraHeaders = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

function sendText(res, status, text, extraHeaders = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extraHeaders });
  res.end(text);
}

function sendFile(req, res, file, stat, extraHeaders = {}) {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': contentTypeOf(file),
    'Cache-Control': cacheControlOf(file),
    'Last-Modified': stat.mtime.toUTCString(),
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function proxyToApi(req, res, apiUrl) {
  const target = new URL(req.url, apiUrl);
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const remote = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${remote}` : remote;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';

  const upstream = http.request(target, { method: req.method, headers }, (apiRes) => {
    const out = {};
    for (const [name, value] of Object.entries(apiRes.headers)) {
      if (!HOP_BY_HOP.has(name)) out[name] = value;
    }
    res.writeHead(apiRes.statusCode ?? 502, apiRes.statusMessage, out);
    apiRes.pipe(res);
    apiRes.on('error', () => res.destroy());
  });
  upstream.on('error', (error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, 502, { message: `API not reachable: ${error.code ?? error.message}`, slug: 'bad-gateway' });
  });
  // A browser that goes away must not leave the upstream request hanging.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

function serveRemote(req, res, root, pathname) {
  const match = /^\/remotes\/([^/]+)(\/.*)?$/.exec(pathname);
  const folder = match?.[1];
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CORS_HEADERS, 'Access-Control-Max-Age': '600' });
    res.end();
    return;
  }
  if (!folder || !REMOTE_FOLDER.test(folder)) {
    sendText(res, 404, 'Not found', CORS_HEADERS);
    return;
  }
  const file = safeJoin(path.join(root, folder, 'dist'), match[2] ?? '/');
  const stat = file && statFile(file);
  if (!stat) {
    sendText(res, 404, 'Not found', CORS_HEADERS);
    return;
  }
  sendFile(req, res, file, stat, CORS_HEADERS);
}

function serveShell(req, res, root, pathname) {
  const shellDist = path.join(root, 'shell', 'dist');
  const file = safeJoin(shellDist, pathname);
  if (file === null) {
    sendText(res, 404, 'Not found');
    return;
  }
  const stat = statFile(file);
  if (stat) {
    sendFile(req, res, file, stat);
    return;
  }
  // Client-side routes (/dashboard, /features/gpsr/product/edit/42) get the app; missing files stay 404.
  if (path.extname(pathname) === '') {
    const index = path.join(shellDist, 'index.html');
    const indexStat = statFile(index);
    if (indexStat) {
      sendFile(req, res, index, indexStat);
      return;
    }
    sendText(res, 503, 'The shell is not built yet (shell/dist/index.html missing). Run npm start or npm run build.');
    return;
  }
  sendText(res, 404, 'Not found');
}

/**
 * @param {{ root?: string, apiUrl?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function createPortalServer({ root = REPO_ROOT, apiUrl, env = process.env } = {}) {
  const api = apiUrl ?? env.API_URL ?? `http://127.0.0.1:${env.API_PORT || 3001}`;
  const portalConfig = JSON.stringify(portalConfigFromEnv(env));

  return http.createServer((req, res) => {
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://portal.local').pathname;
    } catch {
      sendText(res, 400, 'Bad request');
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      proxyToApi(req, res, api);
      return;
    }
    if (pathname.startsWith('/remotes/')) {
      serveRemote(req, res, root, pathname);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    if (pathname === '/portal-config.json') {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(portalConfig),
      });
      res.end(req.method === 'HEAD' ? undefined : portalConfig);
      return;
    }
    serveShell(req, res, root, pathname);
  });
}

/** Starts listening; resolves with the server once it accepts connections. */
export function listenPortalServer({ port, host, ...options } = {}) {
  const server = createPortalServer(options);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), host || undefined, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || undefined;
  try {
    const server = await listenPortalServer({ port, host, root: process.env.PORTAL_ROOT || REPO_ROOT });
    const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT || 3001}`;
    console.log(`portal server on http://localhost:${port} (api → ${api})`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Open keep-alive connections would delay close(); they hold no state worth waiting for.
    process.on('SIGINT', () => server.closeAllConnections());
    process.on('SIGTERM', () => server.closeAllConnections());
  } catch (error) {
    console.error(`portal server could not listen on port ${port}: ${error.message}`);
    process.exit(1);
  }
}
