import { createFakeHttp } from '@portal/shared/testing';
import { screen, within } from '@testing-library/react';
import { renderShell } from '../testing/render-shell';
import { forbidden, staffRoutes } from '../testing/staff-fixtures';

describe('/staff in the shell', () => {
  it('staff see the Staff console item in the sidebar and open the console (its own lazily loaded chunk)', async () => {
    const view = renderShell({ route: '/dashboard', http: createFakeHttp(staffRoutes()) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Staff console' });
    expect(link).toHaveAttribute('href', '/staff');
    await view.userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Registry entries' })).toBeInTheDocument();
    expect(view.http.callsTo('GET /staff/whoami')[0].options.silent).toBe(true);
  });

  it('sellers get no Staff item, and /staff shows them "no access"', async () => {
    renderShell({ route: '/staff', http: createFakeHttp(staffRoutes({ 'GET /staff/whoami': { staff: false } })) });
    expect(await screen.findByText('No access')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Staff console' })).not.toBeInTheDocument();
  });

  it('a 403 from whoami (forged claim, unverified email) hides the item too', async () => {
    renderShell({
      route: '/dashboard',
      language: 'de',
      http: createFakeHttp(staffRoutes({ 'GET /staff/whoami': forbidden() })),
    });
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Staff-Konsole' })).not.toBeInTheDocument();
  });
});
