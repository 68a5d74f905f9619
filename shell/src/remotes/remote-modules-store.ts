// What the sidebar and the dashboard know of every remote the registry lists for the signed-in user: its nav entries
// and card texts (a description), and its './remote' module once something needed its code. Right after the
// registry only each remote's portal-remote.json is fetched (no code runs); a remote's code loads when its page is
// opened, or ahead of that on intent (its nav entry pointed at or focused). A remote whose build wrote no such file
// (or a broken one) is described by loading its './remote' module, as before that file existed.
import type { i18n as I18n } from 'i18next';
import { createStore } from 'zustand/vanilla';
import { addRemoteTranslations, type PortalRemote, type RegistryEntry } from '@portal/shared';
import { describeLoadedRemote, type RemoteDescription } from './remote-description';
import type { RemoteLoader } from './remote-loader';
import { findEntryForPath } from './registry-store';

export type RemoteModuleState =
  | { status: 'loading' }
  /** Described; `remote` once its './remote' module has loaded. */
  | { status: 'ready'; description: RemoteDescription; remote?: PortalRemote }
  | { status: 'error' };

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
 * its pages render. A remote already described keeps its description (and so its nav entry and card) when its code
 * fails to load; its route shows the error panel with Retry.
 */
export function settleRemoteModule(store: RemoteModulesStore, i18n: I18n, name: string, remote: PortalRemote | null) {
  const current = store.getState().byName[name];
  const known = current?.status === 'ready' ? current : undefined;
  if (!remote) {
    if (!known) setRemoteModule(store, name, { status: 'error' });
    return;
  }
  if (known?.remote === remote) return;
  addRemoteTranslations(i18n, remote);
  setRemoteModule(store, name, {
    status: 'ready',
    description: known?.description ?? describeLoadedRemote(remote),
    remote,
  });
}

/**
 * Describes each entry that has a remote and is not described yet: from its portal-remote.json, else by loading its
 * './remote' module. A failure is remembered (no nav item, no remote card texts); visiting the remote's route shows
 * the error panel with Retry. The descriptions fetched together are stored in one update (the sidebar and the
 * dashboard render once for all of them, not once per remote).
 */
export function describeRemotes(
  entries: RegistryEntry[],
  { loader, i18n, store }: { loader: RemoteLoader; i18n: I18n; store: RemoteModulesStore },
): void {
  const pending = entries.filter((entry, index) => {
    if (!entry.remote || entries.findIndex((other) => other.remote === entry.remote) !== index) return false;
    const current = store.getState().byName[entry.remote];
    return current?.status !== 'ready' && current?.status !== 'loading';
  });
  if (pending.length === 0) return;
  const loading = Object.fromEntries(pending.map((entry) => [entry.remote, { status: 'loading' } as const]));
  store.setState((current) => ({ byName: { ...current.byName, ...loading } }));
  const loadModule = (name: string, entry: RegistryEntry) =>
    loader.load(entry).then(
      (remote) => settleRemoteModule(store, i18n, name, remote),
      (error: unknown) => {
        console.warn(`Remote ${name} failed to load`, error);
        settleRemoteModule(store, i18n, name, null);
      },
    );
  const { describe } = loader;
  if (!describe) {
    for (const entry of pending) void loadModule(entry.remote, entry);
    return;
  }
  const described: Record<string, RemoteModuleState> = {};
  void Promise.all(
    pending.map((entry) =>
      describe(entry).then(
        (description) => {
          described[entry.remote] = { status: 'ready', description };
        },
        (error: unknown) => {
          console.warn(`Remote ${entry.remote}: no usable portal-remote.json, loading its './remote' instead`, error);
          void loadModule(entry.remote, entry);
        },
      ),
    ),
  ).then(() => {
    // A remote whose module loaded meanwhile (its page was opened) keeps it.
    const byName = store.getState().byName;
    const fresh = Object.entries(described).filter(([name]) => byName[name]?.status !== 'ready');
    if (fresh.length > 0)
      store.setState((current) => ({ byName: { ...current.byName, ...Object.fromEntries(fresh) } }));
  });
}

/**
 * The remote owning `pathname` (the page being opened) starts loading as soon as the registry is there, from the
 * registry's store subscription instead of the page's effect: its manifest, remoteEntry.js and './remote' module then
 * download while React renders the layout, not after it. The page's own load shares this one (the loader loads a
 * remote once) and finds it settled; a failure is left to the page, which shows the error panel with Retry.
 */
export function loadRemoteOfPage(
  entries: RegistryEntry[],
  pathname: string,
  { loader, i18n, store }: { loader: RemoteLoader; i18n: I18n; store: RemoteModulesStore },
): void {
  const entry = findEntryForPath(entries, pathname);
  if (!entry?.remote) return;
  const known = store.getState().byName[entry.remote];
  if (known?.status === 'ready' && known.remote) return;
  loader.load(entry).then(
    (remote) => settleRemoteModule(store, i18n, entry.remote, remote),
    () => undefined,
  );
}
