import { ApiError } from '@portal/shared';
import { demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import remote from '../../../remote';
import { LieferbarPage } from './lieferbar-page';

const readAt = '2026-03-10T12:34:56.000Z';
const orders = (list: { shippingType: string | null; pendingCount: number }[]) => ({
  status: 'ok',
  data: { totalCount: list.reduce((s, o) => s + o.pendingCount, 0), orders: list, readAt },
});
const SAMPLE = orders([
  { shippingType: 'DPD Classic', pendingCount: 2 },
  { shippingType: 'DHL Paket', pendingCount: 7 },
  { shippingType: 'Abholung', pendingCount: 0 },
  { shippingType: null, pendingCount: 1 },
]);

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}, refreshMs?: number) {
  return renderWithPortal(<LieferbarPage refreshMs={refreshMs} />, {
    route: '/features/lieferbar',
    path: '/features/lieferbar',
    translations: [remote],
    ...options,
  });
}

const card = (name: string) => screen.getByRole('region', { name });

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('LieferbarPage', () => {
  it('shows the total and one card per shipping type with pending orders, largest first', async () => {
    renderPage({ http: { 'GET /wawi/lieferbar/orders': SAMPLE } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading order counts…');
    expect(await screen.findByRole('region', { name: 'All pending orders' })).toHaveTextContent('10');
    const regions = screen.getAllByRole('region').map((r) => r.textContent);
    expect(regions).toEqual(['All pending orders10', 'DHL Paket7', 'DPD Classic2', 'Without shipping method1']);
    expect(screen.queryByRole('region', { name: 'Abholung' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/^Connected · updated at \d\d:\d\d:\d\d · refreshes every 40 seconds$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('speaks German', async () => {
    renderPage({ language: 'de', http: { 'GET /wawi/lieferbar/orders': SAMPLE } });
    expect(await screen.findByRole('region', { name: 'Alle offenen Bestellungen' })).toHaveTextContent('10');
    expect(card('Ohne Versandart')).toHaveTextContent('1');
    expect(screen.getByText(/^Verbunden · aktualisiert um/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jetzt aktualisieren' })).toBeEnabled();
  });

  it('shows an empty state when no order is waiting', async () => {
    renderPage({ http: { 'GET /wawi/lieferbar/orders': orders([{ shippingType: 'DHL Paket', pendingCount: 0 }]) } });
    expect(await screen.findByText('No orders waiting')).toBeInTheDocument();
    expect(card('All pending orders')).toHaveTextContent('0');
    expect(screen.queryByRole('region', { name: 'DHL Paket' })).not.toBeInTheDocument();
  });

  it('reloads every refresh interval while connected and stops while the tab is hidden', async () => {
    const view = renderPage({ http: { 'GET /wawi/lieferbar/orders': SAMPLE } }, 60);
    await screen.findByRole('region', { name: 'DHL Paket' });
    await waitFor(() => expect(view.http.callsTo('GET /wawi/lieferbar/orders').length).toBeGreaterThanOrEqual(3));
    // Refreshes do not drive the global loading bar.
    expect(view.http.callsTo('GET /wawi/lieferbar/orders').at(-1)?.options.silent).toBe(true);

    setHidden(true);
    expect(await screen.findByText(/refreshing is paused while this tab is in the background/)).toBeInTheDocument();
    const whileHidden = view.http.callsTo('GET /wawi/lieferbar/orders').length;
    await new Promise((r) => setTimeout(r, 250));
    expect(view.http.callsTo('GET /wawi/lieferbar/orders')).toHaveLength(whileHidden);

    view.http.on('GET /wawi/lieferbar/orders', orders([{ shippingType: 'DHL Paket', pendingCount: 9 }]));
    setHidden(false);
    await waitFor(() => expect(card('All pending orders')).toHaveTextContent('9'));
    expect(view.http.callsTo('GET /wawi/lieferbar/orders').length).toBeGreaterThan(whileHidden);
  });

  it('on failure notifies, shows the disconnected state, stops refreshing, and reconnects on Retry', async () => {
    const view = renderPage(
      {
        http: {
          'GET /wawi/lieferbar/orders': new ApiError(
            502,
            'db-port-filtered',
            'no answer within 5 seconds',
            {},
            'ab-12',
          ),
        },
      },
      60,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order counts could not be loaded');
    expect(alert).toHaveTextContent(view.i18n.t('api_error_db_port_filtered', { ns: 'common' }));
    expect(alert).not.toHaveTextContent('no answer within 5 seconds');
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(view.notify.last('error')).toEqual({
      type: 'error',
      title: 'Error',
      message: 'The pending orders could not be loaded from your database. Support code: ab-12',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(view.http.callsTo('GET /wawi/lieferbar/orders')).toHaveLength(1);

    view.http.on('GET /wawi/lieferbar/orders', SAMPLE);
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'DHL Paket' })).toHaveTextContent('7');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('turns a failed refresh into the disconnected state', async () => {
    const view = renderPage({ http: { 'GET /wawi/lieferbar/orders': SAMPLE } }, 60);
    await screen.findByRole('region', { name: 'DHL Paket' });
    view.http.on('GET /wawi/lieferbar/orders', new ApiError(502, 'db-port-closed', 'ECONNREFUSED'));
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'DHL Paket' })).not.toBeInTheDocument();
    expect(view.notify.last('error')?.message).toBe('The pending orders could not be loaded from your database.');
  });

  it('links a main user without a database connection to the profile, in German', async () => {
    renderPage({
      language: 'de',
      http: { 'GET /wawi/lieferbar/orders': new ApiError(404, 'data-source-not-found', 'No database') },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Datenbank im Profil verbinden' })).toHaveAttribute(
      'href',
      '/profile?direction=dataSource',
    );
    expect(alert).toHaveTextContent('Bestellzahlen konnten nicht geladen werden');
    expect(screen.getByText('Nicht verbunden')).toBeInTheDocument();
  });

  it("tells a sub-user that the main user connects the database (no profile link); a sub-user sees the parent's counts", async () => {
    const view = renderPage({
      session: { apiUser: demoSubApiUser() },
      http: { 'GET /wawi/lieferbar/orders': new ApiError(404, 'data-source-not-found', 'No database') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The main user of your account has to connect the order database first.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();

    view.http.on('GET /wawi/lieferbar/orders', SAMPLE);
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'All pending orders' })).toHaveTextContent('10');
  });

  it('refreshes on demand', async () => {
    const view = renderPage({ http: { 'GET /wawi/lieferbar/orders': SAMPLE } });
    await screen.findByRole('region', { name: 'DHL Paket' });
    view.http.on('GET /wawi/lieferbar/orders', orders([{ shippingType: 'DHL Paket', pendingCount: 3 }]));
    await view.user.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(card('All pending orders')).toHaveTextContent('3'));
    expect(screen.queryByRole('region', { name: 'DPD Classic' })).not.toBeInTheDocument();
  });
});
