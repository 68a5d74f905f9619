import { act, screen, waitFor, within } from '@testing-library/react';
import { definePortalRemote, type DashboardCard, type PortalRemote, type RegistryEntry } from '@portal/shared';
import { activeLicense, apiError, apiUser, completeContact, registryEntry } from '../../testing/fixtures';
import { createFakeHttp } from '@portal/shared/testing';
import { loaderOf, renderShell, SELLER } from '../../testing/render-shell';

beforeEach(() => window.localStorage.clear());

const TITLES = {
  fresh_desk: 'Freshdesk',
  mobile: 'Mobile App',
  magic_matrix: 'Content Master',
  gpsr: 'GPSR',
  lieferbar: 'Lieferbar',
  mobile_default: 'Mobile',
};

function card(pluginName: keyof typeof TITLES, overrides: Partial<DashboardCard> = {}): DashboardCard {
  const title = TITLES[pluginName];
  return {
    pluginName,
    title: { en: title, de: `${title} DE` },
    description: { en: `${title} description`, de: `${title} Beschreibung` },
    // A picture of the registry's own: the card shows without waiting for its remote's description.
    illustration: `https://cdn.test/${pluginName}.svg`,
    comingSoon: false,
    buyWithoutFilling: pluginName === 'mobile' || pluginName === 'gpsr',
    audience: 'all',
    configurePath: `/features/${pluginName}`,
    ...overrides,
  };
}

const entries: RegistryEntry[] = [
  registryEntry('freshdesk', { card: card('fresh_desk', { configurePath: '/features/freshdesk' }) }),
  registryEntry('mobile', { card: card('mobile', { configurePath: '/features/mobile-app' }) }),
  registryEntry('account', { routes: ['/profile', '/user-management'] }),
];

function cardNamed(title: string) {
  return screen.getByRole('article', { name: title });
}

describe('dashboard cards', () => {
  it('shows skeletons while loading, then one card per registry card with title and description in the current language', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const http = createFakeHttp().on('GET /portal/registry', () => new Promise((resolve) => (answer = resolve)));
    renderShell({ entries, http });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    answer({ entries });
    expect(await screen.findByRole('article', { name: 'Freshdesk' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(within(cardNamed('Mobile App')).getByText('Mobile App description')).toBeInTheDocument();
  });

  it("shows each card's title, text and picture before the session's licenses arrive; its button says Checking until then", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const http = createFakeHttp().on('GET /license/all', () => new Promise((resolve) => (answer = resolve)));
    const view = renderShell({ entries, http });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    expect(within(freshdesk).getByText('Freshdesk description')).toBeInTheDocument();
    expect(within(freshdesk).getByRole('status')).toHaveTextContent('Checking…');
    expect(screen.queryByRole('button', { name: /^(Buy|Configure)/ })).not.toBeInTheDocument();
    answer({ items: [activeLicense('fresh_desk')], total: 1, page: 1, pageSize: 100 });
    await view.userEvent.click(await within(freshdesk).findByRole('button', { name: /^Configure/ }));
    expect(view.router.state.location.pathname).toBe('/features/freshdesk');
  });

  it('offers Configure with a valid license and Buy without one', async () => {
    const view = renderShell({ entries, licenses: [activeLicense('fresh_desk')] });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    await view.userEvent.click(within(freshdesk).getByRole('button', { name: /^Configure/ }));
    expect(view.router.state.location.pathname).toBe('/features/freshdesk');

    await act(() => view.router.navigate('/dashboard'));
    const mobile = await screen.findByRole('article', { name: 'Mobile App' });
    await view.userEvent.click(within(mobile).getByRole('button', { name: /^Buy/ }));
    expect(view.router.state.location.pathname).toBe('/licenses/buy');
    expect(view.router.state.location.search).toBe('?plugin=mobile');
  });

  it('disables coming-soon cards with Soon', async () => {
    renderShell({ entries: [registryEntry('content', { card: card('magic_matrix', { comingSoon: true }) })] });
    const contentMaster = await screen.findByRole('article', { name: 'Content Master' });
    expect(within(contentMaster).getByRole('button', { name: /^Soon/ })).toBeDisabled();
  });

  it('asks to complete the profile and links each hint to the missing step', async () => {
    const view = renderShell({ entries, profile: { contact: { ...completeContact(SELLER), city: '' } } });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    expect(within(freshdesk).getByRole('link', { name: 'Profile information is incomplete' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await view.userEvent.click(within(freshdesk).getByRole('button', { name: /^Complete profile/ }));
    expect(view.router.state.location.pathname).toBe('/profile');
  });

  it('points to the AVV when it is not accepted', async () => {
    renderShell({ entries, profile: { avvAcceptedDate: null } });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    expect(within(freshdesk).getByRole('link', { name: 'AVV is not accepted' })).toHaveAttribute(
      'href',
      '/profile?direction=avv',
    );
  });

  it('needs a database only for cards that are not buy-without-filling', async () => {
    renderShell({ entries, dataSource: null });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    expect(within(freshdesk).getByRole('link', { name: 'Database information is incomplete' })).toHaveAttribute(
      'href',
      '/profile?direction=dataSource',
    );
    expect(within(freshdesk).getByRole('button', { name: /^Complete profile/ })).toBeInTheDocument();
    expect(within(cardNamed('Mobile App')).getByRole('button', { name: /^Buy/ })).toBeInTheDocument();
  });

  it('warns a sub-user that only the parent can buy, and skips the database step', async () => {
    const view = renderShell({ entries, dataSource: null, apiUser: apiUser(SELLER, 'parent-uid') });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    await view.userEvent.click(within(freshdesk).getByRole('button', { name: /^Buy/ }));
    expect(await screen.findByText('Only the parent user can buy a license')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/dashboard');
  });

  it('shows an empty state without cards', async () => {
    renderShell({ entries: [registryEntry('account', { routes: ['/profile'] })] });
    expect(await screen.findByText('No plugins available')).toBeInTheDocument();
  });

  it('offers a retry when the registry cannot be loaded', async () => {
    const view = renderShell({ entries });
    let fail = true;
    view.http.on('GET /portal/registry', () => {
      if (fail) throw new Error('offline');
      return { entries };
    });
    // The registry load started before the override: force a reload through the retry path.
    await waitFor(() => expect(view.runtime.stores.registry.getState().status).not.toBe('loading'));
    view.runtime.stores.registry.setState({ status: 'error', error: 'offline' });
    await view.userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The list of plugins could not be loaded.')).toBeInTheDocument();
    fail = false;
    await view.userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Freshdesk' })).toBeInTheDocument();
  });
});

describe('a part of the session that failed to load', () => {
  // A complete, licensed seller: whatever failed, no card may tell them to complete the profile or to buy.
  const licensed = [activeLicense('fresh_desk'), activeLicense('mobile')];

  /** The session answers `route` with a server error until `recover()` is called. */
  function failing(route: string) {
    let fail = true;
    const http = createFakeHttp();
    return {
      http,
      recover: () => (fail = false),
      answer: (value: unknown) =>
        http.on(route, () => {
          if (fail) throw apiError(500, 'internal-error');
          return value;
        }),
    };
  }

  let warn: jest.SpyInstance;
  beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)));
  afterEach(() => warn.mockRestore());

  it('the profile: every card says so with Retry instead of "Complete profile", and Retry loads it', async () => {
    const profile = failing('GET /user/profile/contact');
    profile.answer(completeContact(SELLER));
    const view = renderShell({ entries, licenses: licensed, http: profile.http });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    const alert = await within(freshdesk).findByRole('alert');
    expect(alert).toHaveTextContent('Could not check this plugin');
    expect(alert).toHaveTextContent('Your profile could not be loaded.');
    expect(within(cardNamed('Mobile App')).getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    expect(screen.queryByRole('button', { name: /^Complete profile/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile information is incomplete' })).not.toBeInTheDocument();

    profile.recover();
    await view.userEvent.click(within(freshdesk).getByRole('button', { name: 'Retry' }));
    expect(await within(freshdesk).findByRole('button', { name: /^Configure/ })).toBeInTheDocument();
    expect(within(cardNamed('Mobile App')).getByRole('button', { name: /^Configure/ })).toBeInTheDocument();
  });

  it('the licenses: neither Buy nor Configure until they load', async () => {
    const page = { items: licensed, total: 2, page: 1, pageSize: 100 };
    const licenses = failing('GET /license/all');
    licenses.answer(page);
    const view = renderShell({ entries, http: licenses.http });
    const mobile = await screen.findByRole('article', { name: 'Mobile App' });
    expect(await within(mobile).findByRole('alert')).toHaveTextContent('Your licenses could not be loaded.');
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Configure/ })).not.toBeInTheDocument();

    licenses.recover();
    await view.userEvent.click(within(mobile).getByRole('button', { name: 'Retry' }));
    expect(await within(mobile).findByRole('button', { name: /^Configure/ })).toBeInTheDocument();
  });

  it('the database connection: only the cards that need one wait for it', async () => {
    const dataSource = failing('GET /user/ds');
    dataSource.answer({ host: 'db', port: 1433, database: 'shop', user: 'sa', userEmails: [], status: 'active' });
    const view = renderShell({ entries, licenses: licensed, http: dataSource.http });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk' });
    expect(await within(freshdesk).findByRole('alert')).toHaveTextContent(
      'Your database connection could not be loaded.',
    );
    expect(screen.queryByRole('link', { name: 'Database information is incomplete' })).not.toBeInTheDocument();
    // The mobile card needs no database: it decides as usual.
    expect(within(cardNamed('Mobile App')).getByRole('button', { name: /^Configure/ })).toBeInTheDocument();

    dataSource.recover();
    await view.userEvent.click(within(freshdesk).getByRole('button', { name: 'Retry' }));
    expect(await within(freshdesk).findByRole('button', { name: /^Configure/ })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    const licenses = failing('GET /license/all');
    licenses.answer({ items: [], total: 0, page: 1, pageSize: 100 });
    renderShell({ entries, language: 'de', http: licenses.http });
    const freshdesk = await screen.findByRole('article', { name: 'Freshdesk DE' });
    const alert = await within(freshdesk).findByRole('alert');
    expect(alert).toHaveTextContent('Plugin konnte nicht geprüft werden');
    expect(alert).toHaveTextContent('Ihre Lizenzen konnten nicht geladen werden.');
    expect(within(freshdesk).getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});

describe('card texts from the remote', () => {
  // A card staff registered without texts: title, description and picture come from the remote itself.
  function bareCard(pluginName: keyof typeof TITLES, configurePath: string): DashboardCard {
    const {
      title: _title,
      description: _description,
      illustration: _illustration,
      ...policy
    } = card(pluginName, {
      configurePath,
    });
    return policy;
  }
  const orders = definePortalRemote({
    id: 'orders',
    routes: [{ path: '/features/orders', element: null }],
    card: { titleKey: 'card_title', descriptionKey: 'card_description', illustration: '/remotes/mfe-orders/card.svg' },
    translations: {
      en: { card_title: 'Open orders', card_description: 'Every order at a glance.' },
      de: { card_title: 'Offene Bestellungen', card_description: 'Jede Bestellung im Blick.' },
    },
  });
  const ordersEntry = registryEntry('orders', { card: bareCard('gpsr', '/features/orders') });

  it("shows the remote's own title, description and picture in the current language", async () => {
    const { container } = renderShell({ entries: [ordersEntry], remoteLoader: loaderOf({ mfe_orders: orders }) });
    const article = await screen.findByRole('article', { name: 'Open orders' });
    expect(within(article).getByText('Every order at a glance.')).toBeInTheDocument();
    expect(container.querySelector('article img')).toHaveAttribute('src', '/remotes/mfe-orders/card.svg');
  });

  it('speaks German', async () => {
    renderShell({ language: 'de', entries: [ordersEntry], remoteLoader: loaderOf({ mfe_orders: orders }) });
    const article = await screen.findByRole('article', { name: 'Offene Bestellungen' });
    expect(within(article).getByText('Jede Bestellung im Blick.')).toBeInTheDocument();
  });

  it("lets the registry's texts and picture (set by staff) win over the remote's", async () => {
    const staffSet = registryEntry('orders', {
      card: card('gpsr', { configurePath: '/features/orders', illustration: 'https://cdn.test/orders.png' }),
    });
    const { container } = renderShell({ entries: [staffSet], remoteLoader: loaderOf({ mfe_orders: orders }) });
    const article = await screen.findByRole('article', { name: 'GPSR' });
    expect(within(article).getByText('GPSR description')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Open orders' })).not.toBeInTheDocument();
    expect(container.querySelector('article img')).toHaveAttribute('src', 'https://cdn.test/orders.png');
  });

  it("keeps a skeleton in the card's place while the remote loads, then the card", async () => {
    let load: (remote: PortalRemote) => void = () => undefined;
    renderShell({
      entries: [ordersEntry, ...entries],
      remoteLoader: {
        load: (entry) =>
          entry.remote === 'mfe_orders' ? new Promise((r) => (load = r)) : new Promise(() => undefined),
      },
    });
    expect(await screen.findByRole('article', { name: 'Freshdesk' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    act(() => load(orders));
    expect(await screen.findByRole('article', { name: 'Open orders' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it("waits for the remote's picture when the registry has texts but no picture, then shows texts and picture together", async () => {
    let load: (remote: PortalRemote) => void = () => undefined;
    const textsOnly = registryEntry('orders', {
      card: card('gpsr', { configurePath: '/features/orders', illustration: undefined }),
    });
    const view = renderShell({
      entries: [textsOnly],
      remoteLoader: { load: () => new Promise((resolve) => (load = resolve)) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(view.runtime.stores.registry.getState().status).toBe('ready'));
    await act(async () => undefined);
    expect(screen.queryByRole('article', { name: 'GPSR' })).not.toBeInTheDocument();
    act(() => load(orders));
    expect(await screen.findByRole('article', { name: 'GPSR' })).toBeInTheDocument();
    expect(view.container.querySelector('article img')).toHaveAttribute('src', '/remotes/mfe-orders/card.svg');
  });

  it('leaves the card out when its remote fails and the registry has no texts', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderShell({ entries: [ordersEntry, ...entries], remoteLoader: loaderOf({}) });
      expect(await screen.findByRole('article', { name: 'Freshdesk' })).toBeInTheDocument();
      await waitFor(() => expect(warn).toHaveBeenCalled());
      expect(screen.getAllByRole('article')).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('content master page', () => {
  const contentMaster = registryEntry('content-master', {
    remote: '',
    manifestUrl: '',
    card: card('magic_matrix', { comingSoon: true, audience: 'internal', configurePath: '/features/content-master' }),
  });

  it('shows a page header and a coming-soon message to the account whose registry has it (the internal one)', async () => {
    renderShell({ route: '/features/content-master', entries: [...entries, contentMaster] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Master' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('is not found for everybody else: the api left the internal entry out of their registry', async () => {
    renderShell({ route: '/features/content-master', entries });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    renderShell({ route: '/features/content-master', language: 'de', entries: [...entries, contentMaster] });
    expect(await screen.findByText('Demnächst verfügbar')).toBeInTheDocument();
    expect(screen.getByText(/wird noch entwickelt/)).toBeInTheDocument();
  });
});
