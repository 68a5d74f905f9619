import { ApiError } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { auditEvent, registryEntry } from '../../testing/staff-fixtures';
import { renderStaffPage } from '../../testing/render-staff';

const renderAudit = (routes: Record<string, unknown> = {}, language?: 'en' | 'de') =>
  renderStaffPage(routes, { route: '/staff?tab=audit', language });

describe('Audit log tab', () => {
  it('shows who changed which entry when, and only the changed fields as before → after', async () => {
    const created = registryEntry({ id: 'mobile-beta', enabled: false, card: null });
    renderAudit({
      'GET /staff/audit': {
        events: [
          auditEvent(),
          auditEvent({
            id: 'ev0',
            action: 'create',
            entryId: 'mobile-beta',
            before: null,
            after: created,
            actorEmail: 'ops@portal.test',
          }),
        ],
        total: 2,
      },
    });
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const [update, create] = within(list).getAllByRole('listitem');
    expect(within(update).getByText('Changed')).toBeInTheDocument();
    expect(within(update).getByText('mobile')).toBeInTheDocument();
    expect(within(update).getByText(/^by staff@portal\.test on 21\.11\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    // One changed field: enabled true → false, nothing else listed.
    expect(
      within(update)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['enabled']);
    expect(within(update).getByRole('deletion')).toHaveTextContent('before: true');
    expect(within(update).getByRole('insertion')).toHaveTextContent('after: false');

    expect(within(create).getByText('Created')).toBeInTheDocument();
    expect(
      within(create)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toContain('routes');
    expect(within(create).queryByRole('deletion')).not.toBeInTheDocument();
  });

  it('filters by entry and pages through the log (20 per page)', async () => {
    const view = renderAudit({
      'GET /staff/audit': (req: { query: Record<string, string> }) => ({
        events: [auditEvent({ id: `p${req.query.page}`, entryId: req.query.entryId ?? 'mobile' })],
        total: 45,
      }),
    });
    await screen.findByRole('list', { name: 'Audit log' });
    expect(view.http.callsTo('GET /staff/audit')[0].query).toEqual({ page: '1', pageSize: '20' });
    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(view.http.callsTo('GET /staff/audit').at(-1)?.query).toEqual({ page: '2', pageSize: '20' }),
    );

    await view.user.click(screen.getByRole('combobox', { name: 'Entry' }));
    await view.user.click(await screen.findByRole('option', { name: 'gpsr' }));
    await waitFor(() =>
      expect(view.http.callsTo('GET /staff/audit').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        entryId: 'gpsr',
      }),
    );
  });

  it('shows the empty state, and an error with retry', async () => {
    const view = renderAudit({ 'GET /staff/audit': { events: [], total: 0 } });
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();

    view.unmount();
    const failing = renderAudit({ 'GET /staff/audit': new ApiError(500, 'internal', 'boom') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit log could not be loaded');
    failing.http.on('GET /staff/audit', { events: [auditEvent()], total: 1 });
    await failing.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('shows German texts', async () => {
    renderAudit({}, 'de');
    const list = await screen.findByRole('list', { name: 'Änderungsprotokoll' });
    expect(within(list).getByText('Geändert')).toBeInTheDocument();
    expect(within(list).getByText(/^von staff@portal\.test am 21\.11\.2026/)).toBeInTheDocument();
    expect(within(list).getByRole('deletion')).toHaveTextContent('vorher: true');
  });
});
