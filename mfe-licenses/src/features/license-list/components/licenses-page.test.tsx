import { ApiError } from '@portal/shared';
import { renderWithPortal } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import remote from '../../../remote';
import { licenseFixture, licensePage } from '../../../testing/license-fixture';
import { LicensesPage } from './licenses-page';

const now = new Date('2026-03-10T12:00:00.000Z');
const translations = [remote];

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<LicensesPage now={now} />, {
    route: '/licenses',
    path: '/licenses',
    translations,
    ...options,
  });
}

/** The theme's colours are CSS variables (one per palette slot, switched by the colour scheme): the slot is what counts. */
const paletteColor = (slot: string) => `var(--mui-palette-${slot.replace('.', '-')})`;

describe('LicensesPage', () => {
  it('shows product, translated type and the expired / expires / dash status with the right colours', async () => {
    renderPage({
      http: {
        'GET /license/all': licensePage([
          licenseFixture({
            id: 'a',
            productName: 'GPSR Trial',
            licenseTypeDetails: { type: 'trial' },
            licenseExpired: '2026-03-05T12:00:00.000Z',
          }),
          licenseFixture({ id: 'b', productName: 'Mobile App', licenseExpired: '2026-03-13T12:00:00.000Z' }),
          licenseFixture({
            id: 'c',
            productName: 'Content Master',
            licenseTypeDetails: { type: 'permanent' },
            licenseExpired: null,
          }),
        ]),
      },
    });

    const table = await screen.findByRole('table', { name: 'Your licenses' });
    const [, expiredRow, expiresRow, noExpiryRow] = within(table).getAllByRole('row');

    expect(within(expiredRow).getByText('GPSR Trial')).toBeInTheDocument();
    expect(within(expiredRow).getByText('Trial')).toBeInTheDocument();
    const expired = within(expiredRow).getByText(/^Expired on 05\.03\.2026, \d\d:\d\d \(5 days ago\)$/);
    expect(expired).toHaveStyle({ color: paletteColor('error.main') });

    expect(within(expiresRow).getByText('Subscription')).toBeInTheDocument();
    const expires = within(expiresRow).getByText(/^Expires on 13\.03\.2026, \d\d:\d\d \(3 days remaining\)$/);
    expect(expires).toHaveStyle({ color: paletteColor('success.main') });

    expect(within(noExpiryRow).getByText('Permanent')).toBeInTheDocument();
    expect(within(noExpiryRow).getByText('–')).toBeInTheDocument();
    expect(within(noExpiryRow).getByText('No expiry date')).toBeInTheDocument();
  });

  it('uses the error palette colour (switched by the colour scheme) in dark mode too', async () => {
    renderPage({
      theme: 'dark',
      http: { 'GET /license/all': licensePage([licenseFixture({ licenseExpired: '2026-03-01T12:00:00.000Z' })]) },
    });
    const expired = await screen.findByText(/\(9 days ago\)/);
    expect(expired).toHaveStyle({ color: paletteColor('error.main') });
  });

  it('shows German texts with the German plural', async () => {
    renderPage({
      language: 'de',
      http: { 'GET /license/all': licensePage([licenseFixture({ licenseExpired: '2026-03-11T12:00:00.000Z' })]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenzen' })).toBeInTheDocument();
    expect(await screen.findByText(/^Läuft ab am 11\.03\.2026, \d\d:\d\d \(noch 1 Tag\)$/)).toBeInTheDocument();
    expect(screen.getByText('Abonnement')).toBeInTheDocument();
  });

  it('loads page 1 with page size 10, then asks the api for the page the user moves to', async () => {
    const rows = Array.from({ length: 23 }, (_, i) =>
      licenseFixture({ id: `l${i + 1}`, productName: `Product ${i + 1}` }),
    );
    const view = renderPage({
      http: {
        'GET /license/all': (req: { query: Record<string, string> }) => {
          const page = Number(req.query.page);
          const size = Number(req.query.pageSize);
          return licensePage(rows.slice((page - 1) * size, page * size), rows.length, page, size);
        },
      },
    });

    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    expect(view.http.callsTo('GET /license/all').map((c) => c.query)).toEqual([{ page: '1', pageSize: '10' }]);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Product 11')).toBeInTheDocument();
    expect(screen.queryByText('Product 1')).not.toBeInTheDocument();
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    expect(view.http.callsTo('GET /license/all').at(-1)?.query).toEqual({ page: '2', pageSize: '10' });
    expect(view.location()).toBe('/licenses?page=2');

    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await view.user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(view.http.callsTo('GET /license/all').at(-1)?.query).toEqual({ page: '2', pageSize: '10' });
  });

  it('starts on the page given in the address', async () => {
    const view = renderPage({
      route: '/licenses?page=3',
      http: { 'GET /license/all': licensePage([licenseFixture({ productName: 'Late one' })], 21, 3) },
    });
    expect(await screen.findByText('Late one')).toBeInTheDocument();
    expect(view.http.callsTo('GET /license/all')[0].query).toEqual({ page: '3', pageSize: '10' });
  });

  it('shows a loading state while the page loads', async () => {
    const view = renderPage({ http: { 'GET /license/all': licensePage([licenseFixture()]) } });
    view.http.latencyMs = 50;
    expect(screen.getByRole('status')).toHaveTextContent('Loading licenses…');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('Loading licenses…')).not.toBeInTheDocument();
  });

  it('shows the empty state with a link to the dashboard when the user has no licenses', async () => {
    renderPage({ http: { 'GET /license/all': licensePage([]) } });
    expect(await screen.findByText('No licenses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('treats a not-found answer as "no licenses", not as an error', async () => {
    renderPage({ http: { 'GET /license/all': new ApiError(404, 'licenses-not-found', 'Licenses not found') } });
    expect(await screen.findByText('No licenses yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error with a retry button that loads again', async () => {
    const view = renderPage({ http: { 'GET /license/all': new ApiError(500, 'internal', 'Internal Server Error') } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Licenses could not be loaded');
    expect(alert).toHaveTextContent(view.i18n.t('http_error_500', { ns: 'common' }));
    expect(alert).not.toHaveTextContent('Internal Server Error');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    view.http.on('GET /license/all', licensePage([licenseFixture({ productName: 'Back again' })]));
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(view.http.callsTo('GET /license/all')).toHaveLength(2);
  });

  it('warns about running trials, licenses expiring within 7 days and expired licenses', async () => {
    renderPage({
      http: { 'GET /license/all': licensePage([licenseFixture()]) },
      session: {
        licenses: [
          licenseFixture({
            id: 't',
            licenseTypeDetails: { type: 'trial' },
            licenseExpired: '2026-03-12T12:00:00.000Z',
          }),
          licenseFixture({ id: 'x', pluginName: 'gpsr', licenseExpired: '2026-02-01T12:00:00.000Z' }),
          licenseFixture({ id: 'y', pluginName: 'magic_matrix', licenseExpired: '2026-02-02T12:00:00.000Z' }),
        ],
      },
    });
    await screen.findByRole('table');
    expect(screen.getByText(/You are using a trial license/)).toBeInTheDocument();
    expect(
      screen.getByText('1 license expires within the next 7 days. Renew it in time to keep using the plugin.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^2 licenses have expired\./)).toBeInTheDocument();
  });

  it('drops the expired warning once a newer license of the same plugin is active', async () => {
    renderPage({
      http: { 'GET /license/all': licensePage([licenseFixture()]) },
      session: {
        licenses: [
          licenseFixture({ id: 'old', licenseExpired: '2026-02-01T12:00:00.000Z' }),
          licenseFixture({ id: 'new', licenseExpired: '2027-02-01T12:00:00.000Z' }),
        ],
      },
      language: 'de',
    });
    await screen.findByRole('table');
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });

  it('shows no warning when every license is valid for more than 7 days', async () => {
    renderPage({
      http: { 'GET /license/all': licensePage([licenseFixture()]) },
      session: {
        licenses: [
          licenseFixture({ licenseExpired: '2026-06-01T12:00:00.000Z' }),
          licenseFixture({ licenseExpired: null }),
        ],
      },
    });
    await screen.findByRole('table');
    expect(screen.queryByText(/trial license|expire/i)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });
});
