import type { ManifestCheckResult } from '@portal/shared/domain';
import type { AppConfig } from '../../config';
import { HttpError } from '../../lib/http-error';

export const MANIFEST_TIMEOUT_MS = 3000;
/** A manifest is a few KB; anything beyond this is not read. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

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

async function readLimited(response: Response): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MANIFEST_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Loads a manifest from the api side: only from allow-listed hosts (400 manifest-host-not-allowed otherwise),
 * with a timeout, no redirects followed. A manifest that is down or broken is a result, never an error.
 */
export async function checkManifest(
  manifestUrl: string,
  config: Pick<AppConfig, 'portalOrigins' | 'remoteManifestHosts'>,
  timeoutMs = MANIFEST_TIMEOUT_MS,
): Promise<ManifestCheckResult> {
  const url = resolveManifestUrl(manifestUrl, config);
  if (!url) {
    return {
      reachable: false,
      status: null,
      exposesRemote: false,
      remoteName: null,
      error: 'A relative manifest URL needs PORTAL_ORIGIN to resolve against',
      ms: 0,
    };
  }
  if (!isAllowedManifestHost(url.hostname, config.remoteManifestHosts)) throw hostNotAllowed(url.hostname);

  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const failed = (status: number | null, error: string, reachable = status !== null): ManifestCheckResult => ({
    reachable,
    status,
    exposesRemote: false,
    remoteName: null,
    error,
    ms: ms(),
  });
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return failed(null, `No answer within ${timeoutMs / 1000} s`);
    }
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return failed(null, cause ? `Not reachable (${cause})` : 'Not reachable');
  }
  try {
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return failed(response.status, `Redirects elsewhere (HTTP ${response.status}); enter the final URL`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed(response.status, `HTTP ${response.status}`);
    }
    const text = await readLimited(response);
    if (text === null) return failed(response.status, 'The answer is larger than 1 MB: not a manifest');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return failed(response.status, 'The answer is not JSON: not an mf-manifest.json');
    }
    const manifest = readManifest(body);
    if (!manifest) return failed(response.status, 'The JSON is not a module federation manifest');
    return {
      reachable: true,
      status: response.status,
      exposesRemote: manifest.exposesRemote,
      remoteName: manifest.remoteName,
      error: manifest.exposesRemote ? null : "The manifest does not expose './remote'",
      ms: ms(),
    };
  } catch (err) {
    const name = (err as Error).name;
    return failed(
      response.status,
      name === 'TimeoutError' || name === 'AbortError'
        ? `The answer did not finish within ${timeoutMs / 1000} s`
        : 'The answer broke off',
    );
  }
}
