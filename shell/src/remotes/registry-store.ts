// The plugin registry (GET /api/portal/registry), loaded after sign-in with the user's token.
import { createStore } from 'zustand/vanilla';
import type { HttpClient, Registry, RegistryEntry } from '@portal/shared';

export interface RegistryState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: RegistryEntry[];
  error: string | null;
}

export function createRegistryStore() {
  return createStore<RegistryState>(() => ({ status: 'idle', entries: [], error: null }));
}

export type RegistryStore = ReturnType<typeof createRegistryStore>;

export async function loadRegistry(store: RegistryStore, http: HttpClient): Promise<void> {
  store.setState({ status: 'loading', error: null });
  try {
    const registry = await http.get<Registry>('/portal/registry', { silent: true });
    store.setState({ status: 'ready', entries: registry.entries ?? [] });
  } catch (error) {
    store.setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  const clean = prefix.replace(/\/+$/, '');
  return pathname === clean || pathname.startsWith(`${clean}/`);
}

/** The entry owning `pathname`; the longest matching prefix wins ('/licenses/buy' over '/licenses'). */
export function findEntryForPath(entries: RegistryEntry[], pathname: string): RegistryEntry | undefined {
  let best: { entry: RegistryEntry; length: number } | undefined;
  for (const entry of entries) {
    for (const prefix of entry.routes) {
      if (matchesPrefix(pathname, prefix) && (!best || prefix.length > best.length))
        best = { entry, length: prefix.length };
    }
  }
  return best?.entry;
}
