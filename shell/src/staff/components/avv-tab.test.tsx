import { ApiError } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { avvVersion } from '../../testing/staff-fixtures';
import { renderStaffPage, pasteInto } from '../../testing/render-staff';
import { utcDay } from '@portal/shared/domain';

const renderAvv = (routes: Record<string, unknown> = {}, language?: 'en' | 'de') =>
  renderStaffPage(routes, { route: '/staff?tab=avv', language });

const older = avvVersion({ id: 'v0', version: '0', isCurrent: false, acceptedCount: 1, effectiveDate: '2025-06-01' });

describe('AVV versions tab', () => {
  it('lists the versions newest first with effective date, publisher, acceptances and the current one marked', async () => {
    renderAvv({ 'GET /avv/versions': { versions: [avvVersion({ publishedBy: 'staff@portal.test' }), older] } });
    const list = await screen.findByRole('list', { name: 'AVV versions' });
    const [current, previous] = within(list).getAllByRole('listitem');
    expect(within(current).getByRole('heading', { name: 'Version 1' })).toBeInTheDocument();
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(
      within(current).getByText(
        /effective from 01\.01\.2026 · published .* by staff@portal\.test · accepted by 2 accounts/,
      ),
    ).toBeInTheDocument();
    expect(within(current).getByText('First version.')).toBeInTheDocument();
    expect(within(previous).queryByText('Current')).not.toBeInTheDocument();
    expect(within(previous).getByText(/accepted by 1 account$/)).toBeInTheDocument();
  });

  it('publishes a version: starts from the newest text and sub-processors, POST /avv/versions, then the list reloads', async () => {
    const view = renderAvv({
      'POST /avv/versions': (req: { body: { version: string } }) => ({ ...avvVersion(), ...req.body, id: 'v2' }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Publish new version' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish a new AVV version' });
    expect(within(dialog).getByRole('textbox', { name: /^Contract text \(German\)/ })).toHaveValue(
      avvVersion().text.de,
    );
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Hetzner Online GmbH');

    await pasteInto(view, within(dialog).getByRole('textbox', { name: /^Version label/ }), '2');
    await pasteInto(
      view,
      within(dialog).getByRole('textbox', { name: /^Summary of changes \(German\)/ }),
      'Neuer Unterauftragsverarbeiter.',
    );
    await pasteInto(
      view,
      within(dialog).getByRole('textbox', { name: /^Summary of changes \(English\)/ }),
      'New sub-processor.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Add sub-processor' }));
    await pasteInto(view, within(dialog).getAllByRole('textbox', { name: /^Name/ })[1], 'Mailjet SAS');
    await pasteInto(view, within(dialog).getAllByRole('textbox', { name: /^Purpose/ })[1], 'Transactional email');
    await pasteInto(view, within(dialog).getAllByRole('textbox', { name: /^Location/ })[1], 'France');
    await view.user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.http.callsTo('POST /avv/versions')[0].body).toEqual({
      version: '2',
      effectiveDate: utcDay(),
      summary: { de: 'Neuer Unterauftragsverarbeiter.', en: 'New sub-processor.' },
      text: avvVersion().text,
      subProcessors: [
        { name: 'Hetzner Online GmbH', purpose: 'Hosting', location: 'Germany' },
        { name: 'Mailjet SAS', purpose: 'Transactional email', location: 'France' },
      ],
    });
    expect(view.notify.last('success')?.message).toBe('AVV version 2 was published.');
    await waitFor(() => expect(view.http.callsTo('GET /avv/versions')).toHaveLength(2));
  });

  it('marks missing summaries and an existing label at their fields and keeps the input', async () => {
    const view = renderAvv({ 'POST /avv/versions': new ApiError(409, 'avv-version-exists', 'exists') });
    await view.user.click(await screen.findByRole('button', { name: 'Publish new version' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish a new AVV version' });
    const version = within(dialog).getByRole('textbox', { name: /^Version label/ });
    await pasteInto(view, version, '1');
    await view.user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const summaryDe = within(dialog).getByRole('textbox', { name: /^Summary of changes \(German\)/ });
    await waitFor(() => expect(summaryDe).toHaveAttribute('aria-invalid', 'true'));
    expect(view.http.callsTo('POST /avv/versions')).toHaveLength(0);

    await pasteInto(view, summaryDe, 'Neu.');
    await pasteInto(view, within(dialog).getByRole('textbox', { name: /^Summary of changes \(English\)/ }), 'New.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(version).toHaveAttribute('aria-invalid', 'true'));
    expect(version).toHaveValue('1');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the error with retry and German texts', async () => {
    const view = renderAvv({ 'GET /avv/versions': new ApiError(500, 'internal', 'boom') }, 'de');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die AVV-Versionen konnten nicht geladen werden');
    view.http.on('GET /avv/versions', { versions: [avvVersion()] });
    await view.user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    const list = await screen.findByRole('list', { name: 'AVV-Versionen' });
    expect(within(list).getByText('Aktuell')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Version veröffentlichen' })).toBeInTheDocument();
  });
});
