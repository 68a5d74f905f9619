import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isManifestFileUrl, type ManifestCheckReason, type ManifestCheckResult } from '@portal/shared/domain';
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../../config';
import { HttpError, invalidField } from '../../lib/http-error';
import { parseIp } from '../../services/db-connect/address-guard';

export const MANIFEST_TIMEOUT_MS = 3000;
/** A manifest is a few KB; anything beyond this is not read. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

type CheckConfig = Pick<AppConfig, 'mode' | 'portalOrigins' | 'remoteManifestHosts'>;

/** Absolute URL of a manifest URL as staff enter it: a path resolves against the portal's own origin. */
export function resolveManifestUrl(manifestUrl: string, config: Pick<AppConfig, 'portalOrigins'>): URL | null {
  try {
    if (manifestUrl.startsWith('/')) {
      const base = config.portalOrigins[0];
      return base ? new URL(manifestUrl, base) : null;
    }
    return new URL(manifestUrl);
  } catch {
    return null;
  }
}

/** REMOTE_MANIFEST_HOSTS: exact host names, or '.example.com' for the domain and its subdomains. */
export function isAllowedManifestHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith('.') ? host === entry.slice(1) || host.endsWith(entry) : host === entry,
  );
}

/** This machine: loopback addresses and the unspecified address (0.0.0.0 and :: connect to the local host). */
function isLocalAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  const plain =
    ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
  const range = plain.range();
  return range === 'loopback' || range === 'unspecified';
}

/** A host name or literal that names this machine ('localhost', '*.localhost', 127.0.0.0/8, ::1, 0.0.0.0). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLocalAddress(host);
}

const hostNotAllowed = (host: string) =>
  new HttpError(
    400,
    'manifest-host-not-allowed',
    `The manifest check may not fetch from ${host} (REMOTE_MANIFEST_HOSTS)`,
    {
      manifestUrl: 'api_error_manifest_host_not_allowed',
    },
  );

/** What an mf-manifest.json says about its container: its name and whether it exposes './remote'. */
export function readManifest(body: unknown): { remoteName: string | null; exposesRemote: boolean } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const manifest = body as { name?: unknown; metaData?: { name?: unknown }; exposes?: unknown };
  const name = typeof manifest.name === 'string' ? manifest.name : manifest.metaData?.name;
  if (!Array.isArray(manifest.exposes) && typeof name !== 'string') return null;
  const exposes = Array.isArray(manifest.exposes) ? (manifest.exposes as { path?: unknown; name?: unknown }[]) : [];
  return {
    remoteName: typeof name === 'string' && name ? name : null,
    exposesRemote: exposes.some((e) => e && (e.path === './remote' || e.name === 'remote')),
  };
}

type Answer = { kind: 'no-answer' } | { kind: 'too-large' } | { kind: 'body'; text: string };

/**
 * GET `url` with the resolved `addresses` pinned (the name is not looked up again between the check and the
 * connection), no redirects followed, at most MANIFEST_MAX_BYTES read, all within `timeoutMs`. Anything but a 2xx
 * answer read to its end is 'no-answer': which of them it was is not reported.
 */
function fetchManifest(url: URL, addresses: LookupAddress[], timeoutMs: number): Promise<Answer> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let request: http.ClientRequest | null = null;
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ kind: 'no-answer' }), timeoutMs);
    request = client.get(
      url,
      { agent: false, lookup, headers: { accept: 'application/json', connection: 'close' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) return finish({ kind: 'no-answer' });
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MANIFEST_MAX_BYTES) finish({ kind: 'too-large' });
          else chunks.push(chunk);
        });
        response.on('end', () => finish({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }));
        // Closed before its end: broken off (a no-op after 'end').
        response.on('close', () => finish({ kind: 'no-answer' }));
        response.on('error', () => finish({ kind: 'no-answer' }));
      },
    );
    request.on('error', () => finish({ kind: 'no-answer' }));
  });
}

/** The addresses of `hostname` (a literal is its own); null when it does not resolve. */
export async function resolveHost(hostname: string): Promise<LookupAddress[] | null> {
  const literal = parseIp(hostname);
  if (literal) {
    const address = literal.toString();
    return [{ address, family: literal.kind() === 'ipv6' ? 6 : 4 }];
  }
  try {
    const found = await dns.lookup(hostname, { all: true });
    return found.length ? found : null;
  } catch {
    return null;
  }
}

const invalid = (reason: ManifestCheckReason, remoteName: string | null = null): ManifestCheckResult => ({
  valid: false,
  reason,
  remoteName,
});

/**
 * Loads an mf-manifest.json from the api side and says whether it is a valid manifest exposing './remote', or why
 * not, from a fixed set of reasons. Only a URL whose path ends in mf-manifest.json is fetched, only from
 * REMOTE_MANIFEST_HOSTS, and never from this machine in production (also not through a name that resolves to it):
 * the check must not become a way to probe the api's own network. Another service's status code, body or timing
 * is never passed on.
 */
export async function checkManifest(
  manifestUrl: string,
  config: CheckConfig,
  options: ManifestLoadOptions = {},
): Promise<ManifestCheckResult> {
  return (await loadManifest(manifestUrl, config, options)).result;
}

export interface ManifestLoadOptions {
  timeoutMs?: number;
  resolve?: typeof resolveHost;
}

/**
 * checkManifest's result and, when it is valid, the manifest itself (the release check reads its shared modules and
 * release block). Fetches under the same rules.
 */
export async function loadManifest(
  manifestUrl: string,
  config: CheckConfig,
  { timeoutMs = MANIFEST_TIMEOUT_MS, resolve = resolveHost }: ManifestLoadOptions = {},
): Promise<{ result: ManifestCheckResult; body: unknown }> {
  const url = resolveManifestUrl(manifestUrl, config);
  if (!url) {
    throw invalidField(
      'manifestUrl',
      'validation_registry_manifest_url_invalid',
      'A relative manifest URL needs PORTAL_ORIGIN to resolve against',
    );
  }
  if (!isManifestFileUrl(url.href)) {
    throw invalidField(
      'manifestUrl',
      'validation_registry_manifest_url_not_manifest',
      'manifestUrl must name an mf-manifest.json (the last path segment)',
    );
  }
  const production = config.mode === 'production';
  if (!isAllowedManifestHost(url.hostname, config.remoteManifestHosts)) throw hostNotAllowed(url.hostname);
  if (production && isLoopbackHost(url.hostname)) throw hostNotAllowed(url.hostname);

  const addresses = await resolve(url.hostname);
  if (!addresses) return { result: invalid('not-reachable'), body: null };
  if (production && addresses.some((a) => isLocalAddress(a.address))) throw hostNotAllowed(url.hostname);

  const answer = await fetchManifest(url, addresses, timeoutMs);
  if (answer.kind === 'no-answer') return { result: invalid('not-reachable'), body: null };
  if (answer.kind === 'too-large') return { result: invalid('not-a-manifest'), body: null };
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return { result: invalid('invalid-json'), body: null };
  }
  const manifest = readManifest(body);
  if (!manifest) return { result: invalid('not-a-manifest'), body: null };
  if (!manifest.exposesRemote) return { result: invalid('no-remote', manifest.remoteName), body: null };
  return { result: { valid: true, reason: null, remoteName: manifest.remoteName }, body };
}
