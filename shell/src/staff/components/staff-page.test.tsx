import { screen, within } from '@testing-library/react';
import { forbidden } from '../../testing/staff-fixtures';
import { renderStaffPage } from '../../testing/render-staff';

describe('StaffPage', () => {
  it('shows the three tabs to staff and opens the registry first; the chosen tab goes into the address', async () => {
    const view = renderStaffPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Staff console sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Registry', 'Audit log', 'AVV versions']);
    expect(within(tabs).getByRole('tab', { name: 'Registry' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Registry entries' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(view.location()).toBe('/staff?tab=audit');
    expect(await screen.findByRole('list', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('opens the tab named in the address and reaches tabs by keyboard', async () => {
    const view = renderStaffPage({}, { route: '/staff?tab=avv' });
    expect(await screen.findByRole('list', { name: 'AVV versions' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'AVV versions' }).focus();
    await view.user.keyboard('{ArrowLeft}{Enter}');
    expect(await screen.findByRole('list', { name: 'Audit log' })).toBeInTheDocument();
    expect(view.location()).toBe('/staff?tab=audit');
  });

  it('shows German texts', async () => {
    renderStaffPage({}, { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff-Konsole' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Änderungsprotokoll' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Registry-Einträge' })).toBeInTheDocument();
    expect(screen.getAllByText('Aktiviert').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Neuer Eintrag' })).toBeInTheDocument();
  });

  it('shows "no access" to a user the api does not count as staff, and asks for nothing else', async () => {
    const view = renderStaffPage({ 'GET /staff/whoami': { staff: false } });
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(screen.getByText(/only available to internal staff accounts/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(view.http.callsTo('GET /staff/registry')).toHaveLength(0);
  });

  it('treats a 403 from whoami as no access too (German)', async () => {
    renderStaffPage({ 'GET /staff/whoami': forbidden() }, { language: 'de' });
    expect(await screen.findByText('Kein Zugriff')).toBeInTheDocument();
  });

  it('shows an error with retry when the access check fails', async () => {
    const view = renderStaffPage({ 'GET /staff/whoami': new Error('offline') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not check whether you have access');
    view.http.on('GET /staff/whoami', { staff: true });
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Registry entries' })).toBeInTheDocument();
  });
});
