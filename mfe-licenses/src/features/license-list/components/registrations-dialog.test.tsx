import { ApiError } from '@portal/shared';
import { demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import remote from '../../../remote';
import { licenseFixture, licensePage } from '../../../testing/license-fixture';
import { LicensesPage } from './licenses-page';

const now = new Date('2026-03-10T12:00:00.000Z');
const license = licenseFixture({
  id: 'lic-7',
  productName: 'Fresh Desk Economical',
  licenseTypeDetails: { type: 'subscription', maxRegistrationsCount: 2 },
  licenseUser: [
    { type: 'email', value: 'erika@example.de' },
    { type: 'domain', value: 'shop.example.de' },
  ],
});

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<LicensesPage now={now} />, {
    route: '/licenses',
    path: '/licenses',
    translations: [remote],
    ...options,
    http: { 'GET /license/all': licensePage([license]), ...options.http },
  });
}

describe('license registrations', () => {
  it('lists where a license is registered and releases a place after a confirm, then reloads', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      http: { 'DELETE /license/registrations/:id': () => ({ ...license, licenseUser: [license.licenseUser[0]] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Where Fresh Desk Economical is registered: 2 / 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Where Fresh Desk Economical is registered' });
    expect(within(dialog).getByText(/registered at 2 of 2 places/)).toBeInTheDocument();
    const places = within(dialog).getByRole('list', { name: 'Registered places' });
    expect(within(places).getByText('shop.example.de')).toBeInTheDocument();
    expect(within(places).getByText('Shop domain')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Release shop.example.de' }));
    const confirm = screen.getByRole('dialog', { name: 'Release this place?' });
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));

    await waitFor(() => expect(http.callsTo('DELETE /license/registrations/:id')).toHaveLength(1));
    const [call] = http.callsTo('DELETE /license/registrations/:id');
    expect(call.path).toBe('/license/registrations/lic-7');
    expect(call.query).toEqual({ type: 'domain', value: 'shop.example.de' });
    expect(notify.last('success')?.message).toBe('shop.example.de is no longer registered for the license.');
    await waitFor(() => expect(http.callsTo('GET /license/all')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog and explains a failed release in German', async () => {
    const user = userEvent.setup();
    const { notify } = renderPage({
      language: 'de',
      http: {
        'DELETE /license/registrations/:id': () => {
          throw new ApiError(404, 'registration-not-found', 'not registered');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Wo Fresh Desk Economical registriert ist: 2 / 2' }));
    await user.click(screen.getByRole('button', { name: 'erika@example.de freigeben' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Diesen Ort freigeben?' })).getByRole('button', { name: 'Freigeben' }),
    );
    await waitFor(() => expect(notify.last('error')?.title).toBe('Der Ort konnte nicht freigegeben werden'));
    expect(notify.last('error')?.message).toBe('Dieser Ort ist für die Lizenz nicht (mehr) registriert.');
    expect(await screen.findByRole('dialog', { name: 'Wo Fresh Desk Economical registriert ist' })).toBeInTheDocument();
  });

  it('shows a sub-user the places without release buttons', async () => {
    const user = userEvent.setup();
    renderPage({ session: { apiUser: demoSubApiUser() } });
    await user.click(await screen.findByRole('button', { name: /Where Fresh Desk Economical is registered/ }));
    const dialog = screen.getByRole('dialog', { name: 'Where Fresh Desk Economical is registered' });
    expect(within(dialog).getByText('erika@example.de')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Release/ })).not.toBeInTheDocument();
  });
});
