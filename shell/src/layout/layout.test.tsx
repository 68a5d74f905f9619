import { act, screen, waitFor, within } from '@testing-library/react';
import { demoLicenses } from '@portal/shared/testing';
import { definePortalRemote, lazyPage, type PortalRemote } from '@portal/shared';
import type { RemoteLoader } from '../remotes/remote-loader';
import { apiUser, NAV_ENTRIES, NAV_REMOTES, registryEntry } from '../testing/fixtures';
import { loaderOf, renderShell, SELLER } from '../testing/render-shell';
import { COOKIE_CONSENT_STORAGE_KEY } from './cookie-consent-banner';

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

async function ready(view: ReturnType<typeof renderShell>) {
  // The first render of a test file loads the shell's modules: on a busy machine that takes more than a second.
  await waitFor(() => expect(view.runtime.stores.session.getState().dataLoaded).toBe(true), { timeout: 10_000 });
  // The signed-in layout is a lazily loaded chunk (routes/load-signed-in.ts).
  await screen.findByRole('main', {}, { timeout: 10_000 });
  return view;
}

describe('layout for main users and sub-users', () => {
  const withRemotes = { entries: NAV_ENTRIES, remoteLoader: loaderOf(NAV_REMOTES) };

  it("shows the shell's Dashboard and the loaded remotes' nav entries by their order, and the profile link", async () => {
    await ready(renderShell(withRemotes));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'User management' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Invoices', 'Licenses', 'User management']);
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the main-user-only entries (Invoices, User management) and the profile link from a sub-user', async () => {
    await ready(renderShell({ ...withRemotes, apiUser: apiUser(SELLER, 'parent-uid') }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Licenses' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'User management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('names the entries in German for a German user', async () => {
    await ready(renderShell({ ...withRemotes, language: 'de' }));
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    await within(nav).findByRole('link', { name: 'Benutzerverwaltung' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Rechnungen', 'Lizenzen', 'Benutzerverwaltung']);
  });

  it("adds a remote's entry only once its module has loaded, and none for a remote that failed", async () => {
    let loadLicenses: (remote: PortalRemote) => void = () => undefined;
    const remoteLoader: RemoteLoader = {
      load: (entry) => {
        if (entry.remote === 'mfe_licenses') return new Promise((resolve) => (loadLicenses = resolve));
        if (entry.remote === 'mfe_billing') return Promise.reject(new Error('manifest down'));
        return Promise.resolve(NAV_REMOTES[entry.remote]);
      },
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ready(renderShell({ entries: NAV_ENTRIES, remoteLoader }));
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      await within(nav).findByRole('link', { name: 'User management' });
      expect(within(nav).queryByRole('link', { name: 'Licenses' })).not.toBeInTheDocument();
      act(() => loadLicenses(NAV_REMOTES.mfe_licenses));
      expect(await within(nav).findByRole('link', { name: 'Licenses' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    } finally {
      warn.mockRestore();
    }
  });

  it('leaves out a nav entry whose path the registry gives to another remote', async () => {
    const greedy = definePortalRemote({
      id: 'greedy',
      routes: [{ path: '/licenses', element: null }],
      nav: [{ path: '/licenses', labelKey: 'nav_greedy', icon: () => null, order: 5 }],
      translations: { en: { nav_greedy: 'Greedy' }, de: { nav_greedy: 'Gierig' } },
    });
    await ready(
      renderShell({
        entries: [...NAV_ENTRIES, registryEntry('greedy', { routes: ['/features/greedy'] })],
        remoteLoader: loaderOf({ ...NAV_REMOTES, mfe_greedy: greedy }),
      }),
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Licenses' });
    expect(within(nav).queryByRole('link', { name: 'Greedy' })).not.toBeInTheDocument();
  });

  it('offers a skip-to-content link targeting the main region', async () => {
    await ready(renderShell());
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it("loads the page behind a remote's nav entry when the pointer or the focus reaches the entry", async () => {
    const load = jest.fn(async () => ({ Page: () => <h1>Licenses</h1> }));
    const Page = lazyPage(load, (m) => m.Page);
    const licenses = definePortalRemote({
      ...NAV_REMOTES.mfe_licenses,
      routes: [{ path: '/licenses', element: <Page /> }],
    });
    const view = await ready(
      renderShell({ entries: NAV_ENTRIES, remoteLoader: loaderOf({ ...NAV_REMOTES, mfe_licenses: licenses }) }),
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Licenses' });
    expect(load).not.toHaveBeenCalled();

    await view.userEvent.hover(link);
    expect(load).toHaveBeenCalledTimes(1);
    await view.userEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Licenses' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('preferences', () => {
  it('defaults to German and light, and persists a language switch with the html lang attribute', async () => {
    const view = await ready(
      renderShell({ language: null, entries: NAV_ENTRIES, remoteLoader: loaderOf(NAV_REMOTES) }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Rechnungen' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement).not.toHaveClass('dark');

    await view.userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('portal.language')).toBe('en');
  });

  it('toggles the dark theme, sets the dark class and remembers it for the next visit', async () => {
    const first = await ready(renderShell());
    await first.userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('portal.theme')).toBe('dark');
    first.unmount();

    await ready(renderShell());
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });
});

describe('notifications and loading', () => {
  it('hides a notification after 5000 ms', async () => {
    const view = await ready(renderShell());
    jest.useFakeTimers();
    try {
      act(() => view.runtime.services.notify.success({ title: 'Done', message: 'Saved it' }));
      expect(screen.getByText('Saved it')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(4999));
      expect(screen.getByText('Saved it')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('can be closed by hand', async () => {
    const view = await ready(renderShell());
    act(() => view.runtime.services.notify.error({ title: 'Oops', message: 'Went wrong' }));
    await view.userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Went wrong')).not.toBeInTheDocument();
  });

  it('shows the global loading bar while the loading counter is above zero', async () => {
    const view = await ready(renderShell());
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
    act(() => {
      view.runtime.services.loading.begin();
      view.runtime.services.loading.begin();
    });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    act(() => view.runtime.services.loading.end());
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    act(() => view.runtime.services.loading.end());
    expect(screen.queryByRole('progressbar', { name: 'Loading…' })).not.toBeInTheDocument();
  });
});

describe('cookie consent', () => {
  it('shows the banner until a choice is made and remembers the choice', async () => {
    const first = await ready(renderShell());
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    await first.userEvent.click(within(banner).getByRole('button', { name: 'Necessary only' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY)).toBe('necessary');
    first.unmount();

    await ready(renderShell());
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});

describe('overage', () => {
  it('lists pending overage and redirects to the approval url', async () => {
    const view = renderShell({ pendingOverage: [{ id: 'sub-7' }] });
    view.http.on('POST /subscription/sub-7/overage/approve', { approval_url: 'https://pay.example.test/approve/7' });
    const banner = await screen.findByRole('region', { name: 'Overage approval required' });
    expect(within(banner).getByText('Subscription sub-7')).toBeInTheDocument();
    await view.userEvent.click(within(banner).getByRole('button', { name: 'Approve overage of Subscription sub-7' }));
    await waitFor(() => expect(view.redirect).toHaveBeenCalledWith('https://pay.example.test/approve/7'));
  });

  it('only logs a failed approval', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderShell({ pendingOverage: [{ id: 'sub-8' }] });
    const banner = await screen.findByRole('region', { name: 'Overage approval required' });
    await view.userEvent.click(within(banner).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to approve overage', expect.anything()));
    expect(view.redirect).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('an approval answered without a url (a 500 is ok) reloads the pending list instead of failing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderShell({ pendingOverage: [{ id: 'sub-9' }] });
    view.http.on('POST /subscription/sub-9/overage/approve', () => undefined);
    const banner = await screen.findByRole('region', { name: 'Overage approval required' });
    view.http.on('GET /subscription/overage/pending', { subscriptions_to_approve: [] });
    await view.userEvent.click(within(banner).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Overage approval required' })).toBeNull());
    expect(view.redirect).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("names each subscription by its license's product; a sub-user sees no Approve button", async () => {
    const license = (id: string, productName: string) => ({
      ...demoLicenses()[0],
      id: `lic-${id}`,
      productName,
      subscription: { id, status: 'Active' as const, cancelAtPeriodEnd: false, currentPeriodEnd: null },
    });
    const licenses = [license('sub-1', 'Fresh Desk Economical Monthly'), license('sub-2', 'Fresh Desk Basic Yearly')];
    const view = renderShell({ language: 'de', licenses, pendingOverage: [{ id: 'sub-1' }, { id: 'sub-2' }] });
    const banner = await screen.findByRole('region', { name: 'Freigabe von Mehrverbrauch erforderlich' });
    expect(within(banner).getByText('Fresh Desk Economical Monthly')).toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: 'Mehrverbrauch von Fresh Desk Basic Yearly freigeben' }),
    ).toHaveTextContent('Freigeben');
    view.unmount();

    renderShell({ apiUser: apiUser(SELLER, 'parent-uid'), licenses, pendingOverage: [{ id: 'sub-1' }] });
    const forSubUser = await screen.findByRole('region', { name: 'Overage approval required' });
    expect(within(forSubUser).getByText('Fresh Desk Economical Monthly')).toBeInTheDocument();
    expect(within(forSubUser).queryByRole('button')).not.toBeInTheDocument();
    expect(forSubUser).toHaveTextContent('Only the main user of the account can approve the charges.');
  });

  it('shows the approval result dialog and clears it with go-to-dashboard', async () => {
    const view = renderShell({ route: '/licenses?overage_approval_result=true' });
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('The overage charges have been approved successfully.')).toBeInTheDocument();
    await view.userEvent.click(within(dialog).getByRole('button', { name: 'Go to dashboard' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    expect(view.router.state.location.search).toBe('');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('titles the dialog Error for a failed approval', async () => {
    renderShell({ route: '/dashboard?overage_approval_result=false' });
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
  });
});

describe('small screens', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    // A 390 px wide viewport: every max-width query below the md breakpoint matches.
    window.matchMedia = ((query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('turns the sidebar into a drawer opened by a menu button', async () => {
    const view = await ready(renderShell({ entries: NAV_ENTRIES, remoteLoader: loaderOf(NAV_REMOTES) }));
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await view.userEvent.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await view.userEvent.click(await within(nav).findByRole('link', { name: 'Licenses' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/licenses'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument());
  });
});
