// Loads a remote's './remote' module at runtime through the Module Federation runtime.
import { getInstance, init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PortalRemote, RegistryEntry } from '@portal/shared';
import { fetchRemoteDescription, type RemoteDescription } from './remote-description';

export interface RemoteLoader {
  /** Resolves the remote's definition; `retry` re-registers the remote so a cached failure is attempted again. */
  load(entry: RegistryEntry, options?: { retry?: boolean }): Promise<PortalRemote>;
  /**
   * The remote's nav entries and card without its code (its portal-remote.json); rejects when the remote ships none
   * or a broken one. A loader without it describes a remote by loading it.
   */
  describe?(entry: RegistryEntry): Promise<RemoteDescription>;
}

/** Registry manifest URLs may be relative ('/remotes/mfe-gpsr/mf-manifest.json'). */
export function resolveManifestUrl(manifestUrl: string, base: string = window.location.href): string {
  return new URL(manifestUrl, base).toString();
}

export function assertPortalRemote(value: unknown, entry: RegistryEntry): PortalRemote {
  const candidate = (
    value && typeof value === 'object' && 'default' in value ? (value as { default: unknown }).default : value
  ) as Partial<PortalRemote> | null | undefined;
  if (!candidate || typeof candidate.id !== 'string' || !Array.isArray(candidate.routes) || !candidate.translations) {
    throw new Error(`Remote ${entry.remote} did not export a portal remote definition`);
  }
  return candidate as PortalRemote;
}

function ensureRuntime() {
  if (!getInstance()) init({ name: 'shell', remotes: [] });
}

export function createFederationRemoteLoader(): RemoteLoader {
  const loaded = new Map<string, PortalRemote>();
  const pending = new Map<string, Promise<PortalRemote>>();
  const registered = new Set<string>();
  // The federation runtime caches a failed load; a remote that failed once is always re-registered on the next try.
  const failed = new Set<string>();

  async function attempt(entry: RegistryEntry, retry: boolean): Promise<PortalRemote> {
    ensureRuntime();
    if (retry || !registered.has(entry.remote)) {
      // A cache-busting query makes the browser fetch the manifest again; force replaces the failed registration.
      const url = resolveManifestUrl(entry.manifestUrl);
      const entryUrl = retry ? `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}` : url;
      registerRemotes([{ name: entry.remote, entry: entryUrl }], { force: registered.has(entry.remote) });
      registered.add(entry.remote);
    }
    const module = await loadRemote<unknown>(`${entry.remote}/remote`);
    if (module == null) throw new Error(`Remote ${entry.remote} could not be loaded`);
    const remote = assertPortalRemote(module, entry);
    loaded.set(entry.remote, remote);
    return remote;
  }

  return {
    describe: (entry) => fetchRemoteDescription(entry.manifestUrl),
    load(entry, options = {}) {
      const cached = loaded.get(entry.remote);
      if (cached) return Promise.resolve(cached);
      const inFlight = pending.get(entry.remote);
      if (inFlight && !options.retry) return inFlight;
      const promise = attempt(entry, Boolean(options.retry) || failed.has(entry.remote))
        .then(
          (remote) => {
            failed.delete(entry.remote);
            return remote;
          },
          (error: unknown) => {
            failed.add(entry.remote);
            throw error;
          },
        )
        .finally(() => pending.delete(entry.remote));
      pending.set(entry.remote, promise);
      return promise;
    },
  };
}
