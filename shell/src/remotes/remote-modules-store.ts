// The './remote' module of every remote the registry lists for the signed-in user, loaded right after the
// registry: its nav entries, card texts and translations are what the sidebar and the dashboard show. The module is
// small (a remote's pages are lazy chunks), so this costs a manifest, a remoteEntry and one chunk per remote.
import type { i18n as I18n } from 'i18next';
import { createStore } from 'zustand/vanilla';
import { addRemoteTranslations, type PortalRemote, type RegistryEntry } from '@portal/shared';
import type { RemoteLoader } from './remote-loader';

export type RemoteModuleState = { status: 'loading' } | { status: 'ready'; remote: PortalRemote } | { status: 'error' };

export interface RemoteModulesState {
  /** By federation name (the registry entry's `remote`). */
  byName: Record<string, RemoteModuleState>;
}

export function createRemoteModulesStore() {
  return createStore<RemoteModulesState>(() => ({ byName: {} }));
}

export type RemoteModulesStore = ReturnType<typeof createRemoteModulesStore>;

function setRemoteModule(store: RemoteModulesStore, name: string, state: RemoteModuleState) {
  store.setState((current) => ({ byName: { ...current.byName, [name]: state } }));
}

/**
 * Records a load's outcome (null = failed). A loaded remote's translations join the shell's i18next instance before
 * anyone reads its nav labels.
 */
export function settleRemoteModule(store: RemoteModulesStore, i18n: I18n, name: string, remote: PortalRemote | null) {
  if (!remote) return setRemoteModule(store, name, { status: 'error' });
  addRemoteTranslations(i18n, remote);
  setRemoteModule(store, name, { status: 'ready', remote });
}

/**
 * Loads the './remote' module of each entry that has a remote and is not loaded yet. A failure is remembered (no nav
 * item, no remote card texts); visiting the remote's route shows the error panel with Retry.
 */
export function describeRemotes(
  entries: RegistryEntry[],
  { loader, i18n, store }: { loader: RemoteLoader; i18n: I18n; store: RemoteModulesStore },
): void {
  for (const entry of entries) {
    const name = entry.remote;
    if (!name) continue;
    const current = store.getState().byName[name];
    if (current?.status === 'ready' || current?.status === 'loading') continue;
    setRemoteModule(store, name, { status: 'loading' });
    loader.load(entry).then(
      (remote) => settleRemoteModule(store, i18n, name, remote),
      (error: unknown) => {
        console.warn(`Remote ${name} failed to load`, error);
        settleRemoteModule(store, i18n, name, null);
      },
    );
  }
}
