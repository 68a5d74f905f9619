import { act, screen, waitFor, within } from '@testing-library/react';
import { demoLicenses } from '@portal/shared/testing';
import { apiUser } from '../testing/fixtures';
import { renderShell, SELLER } from '../testing/render-shell';
import { COOKIE_CONSENT_STORAGE_KEY } from './cookie-consent-banner';

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

async function ready(view: ReturnType<typeof renderShell>) {
  await waitFor(() => expect(view.runtime.stores.session.getState().dataLoaded).toBe(true));
  return view;
}

describe('layout for main users and sub-users', () => {
  it('shows all navigation entries and the profile link to a main user', async () => {
    await ready(renderShell());
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Dashboard', 'Invoices', 'Licenses', 'User management']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides Invoices, User management and the profile link from a sub-user', async () => {
    await ready(renderShell({ apiUser: apiUser(SELLER, 'parent-uid') }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Licenses' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'User management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('offers a skip-to-content link targeting the main region', async () => {
    await ready(renderShell());
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

describe('preferences', () => {
  it('defaults to German and light, and persists a language switch with the html lang attribute', async () => {
    const view = await ready(renderShell({ language: null }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toBeInTheDocument();
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
    const view = await ready(renderShell());
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await view.userEvent.click(menu);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await view.userEvent.click(within(nav).getByRole('link', { name: 'Licenses' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/licenses'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument());
  });
});
