import { act, screen, waitFor, within } from '@testing-library/react';
import { definePortalRemote, type PortalRemote, type RegistryEntry } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { registryEntry } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';
import type { RemoteLoader } from '../remotes/remote-loader';

beforeEach(() => window.localStorage.clear());

function GpsrList() {
  const { t } = useTranslation('gpsr');
  return <h1>{t('title')}</h1>;
}

function Boom(): JSX.Element {
  throw new Error('remote render failure');
}

const gpsrRemote: PortalRemote = definePortalRemote({
  id: 'gpsr',
  routes: [
    { path: '/features/gpsr', element: <GpsrList /> },
    { path: '/features/gpsr/product/edit/:productId', element: <p>Editing</p> },
    { path: '/features/gpsr/broken', element: <Boom /> },
  ],
  translations: { en: { title: 'Product safety' }, de: { title: 'Produktsicherheit' } },
});

const entries: RegistryEntry[] = [registryEntry('gpsr', { routes: ['/features/gpsr'] })];

/** Fails `failures` times, then resolves; counts calls and remembers the retry flags. */
function flakyLoader(failures: number) {
  const calls: { remote: string; retry: boolean }[] = [];
  const loader: RemoteLoader = {
    async load(entry, options) {
      calls.push({ remote: entry.remote, retry: Boolean(options?.retry) });
      if (calls.length <= failures) throw new Error('ChunkLoadError: network');
      return gpsrRemote;
    },
  };
  return { loader, calls };
}

describe('remote routes', () => {
  it('loads the remote after sign-in, adds its translations and renders its absolute routes', async () => {
    const { loader, calls } = flakyLoader(0);
    const view = renderShell({ route: '/features/gpsr', entries, remoteLoader: loader });
    expect(await screen.findByRole('heading', { name: 'Product safety' })).toBeInTheDocument();
    // Asked for its nav and card after sign-in and for the route (the real loader shares one load).
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.remote === 'mfe_gpsr' && !call.retry)).toBe(true);
    expect(view.runtime.i18n.getResource('de', 'gpsr', 'title')).toBe('Produktsicherheit');

    await act(() => view.router.navigate('/features/gpsr/product/edit/42'));
    expect(await screen.findByText('Editing')).toBeInTheDocument();
  });

  it('renders a remote loaded after sign-in at once on its route, without loading it again', async () => {
    let calls = 0;
    // The first load (after sign-in, for nav and card) answers; a second one would never settle.
    const loader: RemoteLoader = {
      load: () => (++calls === 1 ? Promise.resolve(gpsrRemote) : new Promise<PortalRemote>(() => undefined)),
    };
    const view = renderShell({ route: '/dashboard', entries, remoteLoader: loader });
    await waitFor(() => expect(view.runtime.stores.remoteModules.getState().byName.mfe_gpsr?.status).toBe('ready'));

    await act(() => view.router.navigate('/features/gpsr'));
    expect(screen.getByRole('heading', { name: 'Product safety' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('shows an error panel inside the layout when the remote fails, and Retry loads it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Fails when the registry arrives (the open page's remote, and its nav and card) and on the route's own attempt.
    const { loader, calls } = flakyLoader(3);
    const view = renderShell({ route: '/features/gpsr', entries, remoteLoader: loader });
    expect(await screen.findByText('This area could not be loaded')).toBeInTheDocument();
    // The layout still works around the failed area.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();

    await view.userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Product safety' })).toBeInTheDocument();
    expect(calls).toEqual([
      { remote: 'mfe_gpsr', retry: false },
      { remote: 'mfe_gpsr', retry: false },
      { remote: 'mfe_gpsr', retry: false },
      { remote: 'mfe_gpsr', retry: true },
    ]);
    jest.restoreAllMocks();
  });

  it('keeps a render error of the remote inside an error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader } = flakyLoader(0);
    const view = renderShell({ route: '/features/gpsr/broken', entries, remoteLoader: loader });
    expect(await screen.findByText('Something went wrong in this area')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await view.userEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    jest.restoreAllMocks();
  });

  it('shows a friendly 404 for a path no registry entry owns and for an unknown path under a remote', async () => {
    const { loader, calls } = flakyLoader(0);
    const view = renderShell({ route: '/nowhere', entries, remoteLoader: loader });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await act(() => view.router.navigate('/features/gpsr/unknown/page'));
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
