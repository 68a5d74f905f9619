import { ApiError } from '@portal/shared';
import { demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import remote from '../../../remote';
import { licenseFixture, licensePage } from '../../../testing/license-fixture';
import { LicensesPage } from './licenses-page';

const now = new Date('2026-03-10T12:00:00.000Z');
const running = licenseFixture({
  id: 'lic-sub',
  productName: 'Fresh Desk Basic',
  licenseExpired: '2026-04-01T12:00:00.000Z',
  subscription: {
    id: 'sub-1',
    status: 'Active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
  },
});
const free = licenseFixture({ id: 'lic-free', productName: 'Mobile App Free', subscription: null });

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<LicensesPage now={now} />, {
    route: '/licenses',
    path: '/licenses',
    translations: [remote],
    ...options,
    http: { 'GET /license/all': licensePage([running, free]), ...options.http },
  });
}

describe('subscriptions on /licenses', () => {
  it('cancels at the end of the period after a confirm that says until when it stays usable', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      http: {
        'POST /subscription/:id/cancel': { currentPeriodEnd: '2026-04-01T12:00:00.000Z', cancelAtPeriodEnd: true },
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Renews on 01.04.2026')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel the subscription of Fresh Desk Basic' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Fresh Desk Basic?' });
    expect(within(confirm).getByText(/You can keep using it until 01\.04\.2026/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(http.callsTo('POST /subscription/:id/cancel')).toHaveLength(1));
    expect(http.callsTo('POST /subscription/:id/cancel')[0].path).toBe('/subscription/sub-1/cancel');
    expect(notify.last('success')?.message).toBe('It stays usable until 01.04.2026 and is not renewed.');
    await waitFor(() => expect(http.callsTo('GET /license/all')).toHaveLength(2));
  });

  it('keeps the subscription when the seller changes their mind, and explains a refusal in German', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      language: 'de',
      http: {
        'POST /subscription/:id/cancel': () => {
          throw new ApiError(409, 'subscription-not-active', 'ended');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Abonnement von Fresh Desk Basic kündigen' }));
    await user.click(screen.getByRole('button', { name: 'Abonnement behalten' }));
    expect(http.callsTo('POST /subscription/:id/cancel')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Abonnement von Fresh Desk Basic kündigen' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Fresh Desk Basic kündigen?' })).getByRole('button', {
        name: 'Abonnement kündigen',
      }),
    );
    await waitFor(() => expect(notify.last('error')?.message).toBe('Dieses Abonnement ist bereits beendet.'));
  });

  it('shows a cancelled subscription with its end date, and no cancel button to a sub-user', async () => {
    renderPage({
      session: { apiUser: demoSubApiUser() },
      http: {
        'GET /license/all': licensePage([
          running,
          {
            ...running,
            id: 'lic-2',
            productName: 'GPSR Basic',
            subscription: { ...running.subscription!, id: 'sub-2', cancelAtPeriodEnd: true },
          },
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Cancelled, usable until 01.04.2026')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Cancel the subscription/ })).not.toBeInTheDocument();
  });
});
