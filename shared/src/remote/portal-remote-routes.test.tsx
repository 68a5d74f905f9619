import { act, screen } from '@testing-library/react';
import { renderWithPortal } from '../testing/render-with-portal';
import { definePortalRemote } from './define-portal-remote';
import { lazyPage, preloadPages } from './lazy-page';
import { PortalRemoteRoutes } from './portal-remote-routes';

const remote = definePortalRemote({
  id: 'demo',
  routes: [
    { path: '/features/demo', element: <h1>Demo list</h1> },
    { path: '/features/demo/edit/:id', element: <h1>Demo editor</h1> },
  ],
  translations: { en: {}, de: {} },
});

describe('PortalRemoteRoutes', () => {
  it('renders the route matching the absolute path, parameters included', () => {
    renderWithPortal(<PortalRemoteRoutes remote={remote} />, { route: '/features/demo/edit/7' });
    expect(screen.getByRole('heading', { name: 'Demo editor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Demo list' })).not.toBeInTheDocument();
  });

  it('renders the fallback for a path the remote does not own', () => {
    renderWithPortal(<PortalRemoteRoutes remote={remote} fallback={<p>Nothing here</p>} />, {
      route: '/features/demo/unknown',
    });
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('PortalRemoteRoutes with lazy pages', () => {
  it('shows a loading state until the lazy page has loaded, then the page', async () => {
    let resolve: (module: { Page: () => JSX.Element }) => void = () => undefined;
    const Page = lazyPage(
      () => new Promise<{ Page: () => JSX.Element }>((r) => (resolve = r)),
      (m) => m.Page,
    );
    const lazyRemote = definePortalRemote({
      id: 'lazy',
      routes: [{ path: '/features/lazy', element: <Page /> }],
      translations: { en: {}, de: {} },
    });
    renderWithPortal(<PortalRemoteRoutes remote={lazyRemote} />, { route: '/features/lazy' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => resolve({ Page: () => <h1>Lazy page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Lazy page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders a page preloaded ahead of its visit at once, without a loading state', async () => {
    const load = jest.fn(async () => ({ Page: () => <h1>Preloaded page</h1> }));
    const Page = lazyPage(load, (m) => m.Page);
    const routes = [
      { path: '/features/lazy', element: <Page /> },
      { path: '/features/lazy/plain', element: <h1>Plain</h1> },
    ];
    await preloadPages(routes);
    renderWithPortal(
      <PortalRemoteRoutes remote={definePortalRemote({ id: 'lazy', routes, translations: { en: {}, de: {} } })} />,
      {
        route: '/features/lazy',
      },
    );
    expect(screen.getByRole('heading', { name: 'Preloaded page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the chunk again on the visit when the preload failed', async () => {
    const load = jest
      .fn<Promise<{ Page: () => JSX.Element }>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ Page: () => <h1>Second try</h1> });
    const Page = lazyPage(load, (m) => m.Page);
    await expect(preloadPages([{ path: '/features/lazy', element: <Page /> }])).resolves.toBeUndefined();
    const lazyRemote = definePortalRemote({
      id: 'lazy',
      routes: [{ path: '/features/lazy', element: <Page /> }],
      translations: { en: {}, de: {} },
    });
    renderWithPortal(<PortalRemoteRoutes remote={lazyRemote} />, { route: '/features/lazy' });
    expect(await screen.findByRole('heading', { name: 'Second try' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
