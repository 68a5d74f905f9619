import { screen, waitFor, within } from '@testing-library/react';
import { createFakeHttp } from '@portal/shared/testing';
import { apiError } from '../testing/fixtures';
import { AVV_V1, AVV_V2, avvNeedsReacceptance, avvUpToDate } from '../testing/avv-fixtures';
import { renderShell } from '../testing/render-shell';
import de from '../locales/de.json';
import en from '../locales/en.json';

beforeEach(() => window.localStorage.clear());

// The banner and its dialog load lazily; a busy machine needs more than the default second.
const slow = { timeout: 8000 };

function sellerWithOldAcceptance() {
  const http = createFakeHttp();
  let state = avvNeedsReacceptance();
  http.on('GET /avv/current', () => state);
  http.on(`GET /avv/versions/${AVV_V1.id}`, AVV_V1);
  http.on('POST /avv/accept', () => {
    state = {
      ...avvUpToDate(),
      current: AVV_V2,
      acceptedVersion: { ...avvUpToDate().acceptedVersion!, versionId: AVV_V2.id, version: AVV_V2.version },
    };
    return state.acceptedVersion;
  });
  return http;
}

describe('AVV re-acceptance banner and dialog', () => {
  it('shows no banner to a seller who accepted the version in force', async () => {
    const view = renderShell();
    await waitFor(() => expect(view.http.callsTo('GET /avv/current').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: en.avv_banner_title })).not.toBeInTheDocument();
  });

  it('English: banner → dialog with summary, word diff and sub-processor changes → accept hides the banner', async () => {
    const view = renderShell({ http: sellerWithOldAcceptance() });
    const banner = await screen.findByRole('region', { name: en.avv_banner_title }, slow);
    expect(banner).toHaveTextContent('Version 2026-11 applies since 20.11.2026');

    await view.userEvent.click(within(banner).getByRole('button', { name: en.avv_banner_review }));
    const dialog = await screen.findByRole('dialog', { name: 'Data-processing agreement, version 2026-11' }, slow);
    expect(within(dialog).getByText('New hosting provider in Frankfurt.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You accepted version 2026-01 on');

    const diff = await within(dialog).findByRole('region', { name: /changes from version 2026-01 to 2026-11/ }, slow);
    expect(diff.querySelector('del')).toHaveTextContent('the EU');
    expect(diff.querySelector('ins')).toHaveTextContent('Frankfurt');
    expect(within(dialog).getByText('1 change')).toBeInTheDocument();
    // Sub-processors: the new one marked, the dropped one listed as removed.
    expect(within(dialog).getByText('Beispiel Hosting AG').closest('li')).toHaveTextContent('New');
    expect(within(dialog).getByText('Old Hosting GmbH').closest('li')).toHaveTextContent('Removed');

    await view.userEvent.click(within(dialog).getByRole('button', { name: 'Accept version 2026-11' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.http.callsTo('POST /avv/accept')[0].body).toEqual({ versionId: AVV_V2.id });
    await waitFor(() => expect(screen.queryByRole('region', { name: en.avv_banner_title })).not.toBeInTheDocument());
    expect(await screen.findByText(/You accepted version 2026-11/)).toBeInTheDocument();
    // The profile (card readiness) is loaded again.
    expect(view.http.callsTo('GET /user/profile/avv-accepted-date').length).toBeGreaterThan(1);
  });

  it('German: texts and the German contract text in the diff', async () => {
    const view = renderShell({ http: sellerWithOldAcceptance(), language: 'de' });
    const banner = await screen.findByRole('region', { name: de.avv_banner_title }, slow);
    await view.userEvent.click(within(banner).getByRole('button', { name: de.avv_banner_review }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Vertrag zur Auftragsverarbeitung, Version 2026-11' },
      slow,
    );
    expect(within(dialog).getByText('Neuer Hosting-Anbieter in Frankfurt.')).toBeInTheDocument();
    const diff = await within(dialog).findByRole('region', { name: /Änderungen von Version 2026-01 zu 2026-11/ }, slow);
    expect(diff).toHaveTextContent('Rechenzentrum in');
    expect(diff.querySelector('ins')).toHaveTextContent('Frankfurt');
    expect(within(dialog).getByRole('button', { name: 'Version 2026-11 akzeptieren' })).toBeEnabled();
    await view.userEvent.click(within(dialog).getByRole('button', { name: de.avv_review_later }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: de.avv_banner_title })).toBeInTheDocument();
  });

  it('shows a failed accept in the dialog and keeps it open; a failed old text offers Try again', async () => {
    const http = sellerWithOldAcceptance();
    let failOld = true;
    http.on(`GET /avv/versions/${AVV_V1.id}`, () => {
      if (failOld) throw apiError(500, 'internal-error');
      return AVV_V1;
    });
    http.on('POST /avv/accept', () => {
      throw apiError(400, 'profile-incomplete');
    });
    const view = renderShell({ http });
    await view.userEvent.click(
      within(await screen.findByRole('region', { name: en.avv_banner_title }, slow)).getByRole('button', {
        name: en.avv_banner_review,
      }),
    );
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(await within(dialog).findByText(en.avv_review_diff_error)).toBeInTheDocument();
    failOld = false;
    await view.userEvent.click(within(dialog).getByRole('button', { name: en.avv_retry }));
    expect(await within(dialog).findByRole('region', { name: /changes from version/ })).toBeInTheDocument();

    await view.userEvent.click(within(dialog).getByRole('button', { name: 'Accept version 2026-11' }));
    expect(await within(dialog).findByText(/Profile information is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows no banner when the AVV state cannot be loaded (the page still works)', async () => {
    const http = createFakeHttp();
    http.on('GET /avv/current', () => {
      throw apiError(503, 'database-unavailable');
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderShell({ http });
    await waitFor(() => expect(view.http.callsTo('GET /avv/current').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: en.avv_banner_title })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
