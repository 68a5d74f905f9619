import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definePortalRemote, type DashboardCard, type PortalRemote, type RegistryEntry } from '@portal/shared';
import {
  describeLoadedRemote,
  descriptorUrl,
  parseRemoteDescriptor,
  type RemoteDescription,
} from './remote-description';
import type { RemoteLoader } from './remote-loader';
import { NAV_ENTRIES, NAV_REMOTES, registryEntry } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';

beforeEach(() => window.localStorage.clear());

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"></path></svg>';
const URL_OF = 'http://localhost/remotes/mfe-orders/portal-remote.json';

/** What a remote's build writes (shared/webpack/remote-descriptor.js). */
function descriptorJson(overrides: Record<string, unknown> = {}) {
  return {
    schema: 1,
    id: 'orders',
    nav: [{ path: '/orders', label: { en: 'Orders', de: 'Bestellungen' }, order: 25, mainUserOnly: true, icon: ICON }],
    card: {
      title: { en: 'Open orders', de: 'Offene Bestellungen' },
      description: { en: 'Every order.', de: 'Jede Bestellung.' },
      illustration: 'assets/card.1234abcd.svg',
    },
    ...overrides,
  };
}

describe('portal-remote.json', () => {
  it('lies beside the registry entry’s manifest', () => {
    expect(descriptorUrl('/remotes/mfe-orders/mf-manifest.json', 'http://localhost/dashboard')).toBe(URL_OF);
    expect(descriptorUrl('https://cdn.test/orders/mf-manifest.json?v=2')).toBe(
      'https://cdn.test/orders/portal-remote.json',
    );
  });

  it('gives nav entries and card in both languages, the picture resolved against the file', () => {
    const description = parseRemoteDescriptor(descriptorJson(), URL_OF);
    expect(description.nav).toEqual([
      expect.objectContaining({
        path: '/orders',
        label: { en: 'Orders', de: 'Bestellungen' },
        order: 25,
        mainUserOnly: true,
      }),
    ]);
    expect(description.card).toEqual({
      title: { en: 'Open orders', de: 'Offene Bestellungen' },
      description: { en: 'Every order.', de: 'Jede Bestellung.' },
      illustration: 'http://localhost/remotes/mfe-orders/assets/card.1234abcd.svg',
    });
  });

  it.each([
    ['another schema', { schema: 2 }],
    [
      'a nav entry without a German label',
      { nav: [{ path: '/orders', label: { en: 'Orders' }, order: 1, icon: ICON }] },
    ],
    ['an icon that is not SVG', { nav: [{ path: '/orders', label: { en: 'O', de: 'B' }, order: 1, icon: '<img>' }] }],
    ['an order out of range', { nav: [{ path: '/orders', label: { en: 'O', de: 'B' }, order: 1001, icon: ICON }] }],
    ['a relative nav path', { nav: [{ path: 'orders', label: { en: 'O', de: 'B' }, order: 1, icon: ICON }] }],
    ['a card without a description', { card: { title: { en: 'O', de: 'B' } } }],
  ])('is refused with %s', (_what, overrides) => {
    expect(() => parseRemoteDescriptor(descriptorJson(overrides), URL_OF)).toThrow();
  });

  it('describes a loaded remote from its own translations', () => {
    const description = describeLoadedRemote(NAV_REMOTES.mfe_billing);
    expect(description.nav).toEqual([
      expect.objectContaining({ path: '/invoices', label: { en: 'Invoices', de: 'Rechnungen' } }),
    ]);
  });
});

describe('the sidebar and the cards without running the remotes', () => {
  const cardPolicy: DashboardCard = {
    pluginName: 'gpsr',
    comingSoon: false,
    buyWithoutFilling: true,
    audience: 'all',
    configurePath: '/orders',
  };
  const orders: RegistryEntry = registryEntry('orders', { routes: ['/orders'], card: cardPolicy });
  const ordersRemote: PortalRemote = definePortalRemote({
    id: 'orders',
    routes: [{ path: '/orders', element: <h1>Orders page</h1> }],
    translations: { en: {}, de: {} },
  });

  /** Describes from JSON (`described`, by remote name; others have none) and counts code loads. */
  function loader(described: Record<string, RemoteDescription>) {
    const loads: string[] = [];
    const remoteLoader: RemoteLoader = {
      describe: (entry) =>
        described[entry.remote] ? Promise.resolve(described[entry.remote]) : Promise.reject(new Error('HTTP 404')),
      load: (entry) => {
        loads.push(entry.remote);
        const remote = entry.remote === 'mfe_orders' ? ordersRemote : NAV_REMOTES[entry.remote];
        return remote ? Promise.resolve(remote) : Promise.reject(new Error(`unknown ${entry.remote}`));
      },
    };
    return { remoteLoader, loads };
  }

  it("draws the nav entry and the card from the remote's description and loads its code on the visit only", async () => {
    const { remoteLoader, loads } = loader({ mfe_orders: parseRemoteDescriptor(descriptorJson(), URL_OF) });
    const view = renderShell({ entries: [orders], remoteLoader });
    // The signed-in layout is a lazily loaded chunk: its first load in a test file takes a while on a busy machine.
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
    expect(await within(nav).findByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    const card = await screen.findByRole('article', { name: 'Open orders' });
    expect(within(card).getByText('Every order.')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute(
      'src',
      'http://localhost/remotes/mfe-orders/assets/card.1234abcd.svg',
    );
    expect(loads).toEqual([]);
    await act(() => view.router.navigate('/orders'));
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    // The nav entry stays as it was.
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(loads).toEqual(['mfe_orders']);
  });

  it('speaks German', async () => {
    const { remoteLoader } = loader({ mfe_orders: parseRemoteDescriptor(descriptorJson(), URL_OF) });
    renderShell({ language: 'de', entries: [orders], remoteLoader });
    expect(await screen.findByRole('link', { name: 'Bestellungen' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Offene Bestellungen' })).toBeInTheDocument();
  });

  it("loads a remote's code ahead of the click when its nav entry is pointed at, once", async () => {
    const { remoteLoader, loads } = loader({ mfe_orders: parseRemoteDescriptor(descriptorJson(), URL_OF) });
    const view = renderShell({ entries: [orders], remoteLoader });
    const link = await screen.findByRole('link', { name: 'Orders' });
    fireEvent.pointerEnter(link);
    await waitFor(() =>
      expect(view.runtime.stores.remoteModules.getState().byName.mfe_orders).toMatchObject({ remote: ordersRemote }),
    );
    await view.userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(loads).toEqual(['mfe_orders']);
  });

  it("loads the './remote' of a remote without a usable description, as before", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { remoteLoader, loads } = loader({});
      renderShell({ entries: NAV_ENTRIES, remoteLoader });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(await within(nav).findByRole('link', { name: 'Invoices' })).toBeInTheDocument();
      expect(await within(nav).findByRole('link', { name: 'Licenses' })).toBeInTheDocument();
      expect([...loads].sort()).toEqual(NAV_ENTRIES.map((entry) => entry.remote).sort());
    } finally {
      warn.mockRestore();
    }
  });
});
