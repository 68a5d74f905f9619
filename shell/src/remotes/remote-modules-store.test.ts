import { definePortalRemote, type PortalRemote, type RegistryEntry } from '@portal/shared';
import { registryEntry } from '../testing/fixtures';
import { createShellI18n } from '../testing/shell-i18n';
import type { RemoteLoader } from './remote-loader';
import { createRemoteModulesStore, loadRemoteOfPage } from './remote-modules-store';

const licensesRemote: PortalRemote = definePortalRemote({
  id: 'licenses',
  routes: [{ path: '/licenses', element: null }],
  translations: { en: { title: 'Licenses' }, de: { title: 'Lizenzen' } },
});

const entries: RegistryEntry[] = [
  registryEntry('licenses', { routes: ['/licenses'] }),
  registryEntry('buy', { routes: ['/licenses/buy'] }),
  registryEntry('gpsr'),
];

function setup(load: RemoteLoader['load']) {
  const calls: string[] = [];
  const loader: RemoteLoader = {
    load: (entry, options) => {
      calls.push(entry.remote);
      return load(entry, options);
    },
  };
  const store = createRemoteModulesStore();
  const i18n = createShellI18n('en');
  return { calls, store, i18n, deps: { loader, store, i18n } };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the open page's remote", () => {
  it('loads the remote owning the page (the longest route) and stores it with its texts', async () => {
    const { calls, store, i18n, deps } = setup(() => Promise.resolve(licensesRemote));
    loadRemoteOfPage(entries, '/licenses', deps);
    await settled();
    expect(calls).toEqual(['mfe_licenses']);
    const state = store.getState().byName.mfe_licenses;
    expect(state?.status === 'ready' && state.remote).toBe(licensesRemote);
    expect(i18n.getResource('de', 'licenses', 'title')).toBe('Lizenzen');

    const buy = setup(() => new Promise(() => undefined));
    loadRemoteOfPage(entries, '/licenses/buy', buy.deps);
    expect(buy.calls).toEqual(['mfe_buy']);
  });

  it('loads nothing on a page no remote owns, nor a remote that is loaded already', async () => {
    const { calls, deps } = setup(() => Promise.resolve(licensesRemote));
    loadRemoteOfPage(entries, '/dashboard', deps);
    expect(calls).toEqual([]);
    loadRemoteOfPage(entries, '/licenses', deps);
    await settled();
    loadRemoteOfPage(entries, '/licenses', deps);
    expect(calls).toEqual(['mfe_licenses']);
  });

  it('leaves a failed load to the page: nothing is stored', async () => {
    const { store, deps } = setup(() => Promise.reject(new Error('ChunkLoadError')));
    loadRemoteOfPage(entries, '/licenses', deps);
    await settled();
    expect(store.getState().byName.mfe_licenses).toBeUndefined();
  });
});
