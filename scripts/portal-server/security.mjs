// What the portal server trusts and announces: request targets, Content Security Policy, listening interface.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseUpstreams } from './api-proxy.mjs';

/**
 * Only origin-form targets (`/path?query`) may reach a route. Absolute-form (`http://host/…`), authority-form,
 * `*` and scheme-relative paths (`//host/…`, `/\host/…`) could make a URL built from the request line point
 * at another host.
 */
export function isOriginForm(target) {
  return typeof target === 'string' && target.startsWith('/') && target[1] !== '/' && target[1] !== '\\';
}

function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Origins the remotes are loaded from besides the portal's own, as configured by env: absolute `REMOTES_BASE_URL`
 * and `REMOTE_URL_<ID>` values (the same env the api reads to build its default registry).
 */
export function remoteOriginsFromEnv(env = process.env) {
  const urls = [
    env.REMOTES_BASE_URL,
    ...Object.keys(env)
      .filter((k) => /^REMOTE_URL_[A-Z0-9_]+$/.test(k))
      .map((k) => env[k]),
  ];
  return [...new Set(urls.map((u) => (u ? originOf(u.trim()) : null)).filter(Boolean))].sort();
}

/**
 * The remote origins the CSP allows, live: the api's `GET /api/portal/remote-origins` (the origins of the registry
 * entries staff enabled) plus the env's, cached for `ttlMs` so a remote registered in the staff console passes the
 * CSP within seconds, without a restart. `fresh()` refreshes a stale list (awaited before a response, at most one
 * request in flight); when the api does not answer, the last list it gave stays in use (at first: the env's only)
 * and the next attempt waits another `ttlMs`.
 */
export function remoteOriginsSource({ apiUrl, env = process.env, ttlMs = 5000, timeoutMs = 1500, fetchImpl = fetch }) {
  const fromEnv = remoteOriginsFromEnv(env);
  let live = [];
  let checkedAt = -Infinity;
  let inFlight = null;

  // API_URL may name several instances (comma list): the first that answers counts.
  const apis = parseUpstreams(apiUrl);

  async function refresh() {
    for (const api of apis) {
      try {
        const response = await fetchImpl(`${api}/api/portal/remote-origins`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = await response.json();
        if (!Array.isArray(body?.origins)) throw new Error('the answer has no origins list');
        live = body.origins.map((origin) => (typeof origin === 'string' ? originOf(origin) : null)).filter(Boolean);
        break;
      } catch {
        // the next instance; after the last, the last known list stays
      }
    }
    checkedAt = Date.now();
  }

  return {
    /** The origins to allow now (sorted, distinct). */
    current: () => [...new Set([...fromEnv, ...live])].sort(),
    async fresh() {
      if (Date.now() - checkedAt < ttlMs) return;
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      await inFlight;
    },
  };
}

// Firebase Auth's REST endpoints (sign-in, token refresh) when a real project is configured.
const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/**
 * Scripts, styles, images and fonts only from the portal and the registered remotes; the browser may talk to
 * those plus the identity service. Styles need 'unsafe-inline': MUI (emotion) injects <style> elements.
 * `remoteOrigins` is a list or a function giving the current list (read per response);
 * `inlineScriptHashes` returns the hashes of inline scripts of the current index.html (none today).
 */
export function cspDirectives({ portalConfig, remoteOrigins, inlineScriptHashes = () => [] }) {
  const identity = portalConfig.authEmulatorUrl ? [originOf(portalConfig.authEmulatorUrl)] : FIREBASE_AUTH_ORIGINS;
  const origins = typeof remoteOrigins === 'function' ? remoteOrigins : () => remoteOrigins;
  const code =
    (...more) =>
    () =>
      ["'self'", ...origins(), ...more].join(' ');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [() => code(...inlineScriptHashes())()],
    styleSrc: [code("'unsafe-inline'")],
    imgSrc: [code('data:')],
    fontSrc: [code('data:')],
    connectSrc: [code(...identity.filter(Boolean))],
    // The AVV dialog shows the contract PDF from a blob: URL in an iframe; without this, default-src blocked it.
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/** `'sha256-…'` of each inline <script> of an HTML file, cached by modification time. */
export function inlineScriptHashReader(htmlFile) {
  let cached = { mtimeMs: -1, hashes: [] };
  return () => {
    let stat;
    try {
      stat = fs.statSync(htmlFile);
    } catch {
      return [];
    }
    if (stat.mtimeMs !== cached.mtimeMs) {
      const html = fs.readFileSync(htmlFile, 'utf8');
      const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
        .filter((m) => m[1].trim())
        .map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}'`);
      cached = { mtimeMs: stat.mtimeMs, hashes };
    }
    return cached.hashes;
  };
}

/**
 * HOST wins. Otherwise, while the Auth emulator is in use (its tokens are unsigned and the api accepts them),
 * only this machine may connect; with a real identity provider every interface.
 */
export function listenHost(env, portalConfig) {
  if (env.HOST?.trim()) return { host: env.HOST.trim(), reason: 'set by HOST' };
  if (portalConfig.authEmulatorUrl) {
    return {
      host: '127.0.0.1',
      reason:
        'only this machine may connect while the Auth emulator is in use (the api accepts its unsigned tokens); set HOST to override',
    };
  }
  return { host: '0.0.0.0', reason: 'all interfaces (a real Firebase project is configured)' };
}
