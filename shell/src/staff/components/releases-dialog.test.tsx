import { ApiError } from '@portal/shared';
import type { StaffReleases } from '@portal/shared/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { RELEASE_1, RELEASE_2, registryEntries, releaseUrl, staffReleases } from '../../testing/staff-fixtures';
import { renderStaffPage, type StaffView } from '../../testing/render-staff';

/** Opens the releases of mobile from its row (the Releases button, by keyboard). */
async function openReleases(view: StaffView, name = 'Releases of mobile') {
  const button = await screen.findByRole('button', { name }, { timeout: 5000 });
  act(() => button.focus());
  await view.user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name });
}

const releaseItem = (dialog: HTMLElement, id: string) =>
  within(within(dialog).getByRole('list', { name: 'Releases' })).getByRole('listitem', { name: id });

describe('Releases of a registry entry', () => {
  it('lists the releases with when and by whom they went live; only remotes have releases', async () => {
    const view = renderStaffPage({
      'GET /staff/registry': {
        entries: registryEntries().map((e) => (e.id === 'mobile' ? { ...e, liveRelease: RELEASE_1 } : e)),
      },
    });
    const table = await screen.findByRole('table', { name: 'Registry entries' }, { timeout: 5000 });
    expect(within(table).getByText(`Release ${RELEASE_1}`)).toBeInTheDocument();
    // A page of the shell has nothing to release.
    expect(within(table).queryByRole('button', { name: 'Releases of content-master' })).not.toBeInTheDocument();

    const dialog = await openReleases(view);
    expect(view.http.callsTo('GET /staff/registry/:id/releases')[0].path).toBe('/staff/registry/mobile/releases');
    const live = releaseItem(dialog, RELEASE_1);
    expect(within(live).getByText('Live', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(live).getByText(/^Live since .+, made live by staff@portal\.test$/)).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: `Promote ${RELEASE_1} to everyone` })).toBeDisabled();
    const next = releaseItem(dialog, RELEASE_2);
    expect(within(next).getByText('Never live')).toBeInTheDocument();
    expect(within(next).getByText(/^Version 0\.2\.0 · added on .+ by staff@portal\.test$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Roll back (no earlier live release)' })).toBeDisabled();

    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('previews, promotes and rolls back with one click each; the list and the registry follow', async () => {
    let state: StaffReleases = staffReleases();
    const answer = (next: Partial<StaffReleases>) => () => (state = { ...state, ...next });
    const view = renderStaffPage({
      'GET /staff/registry/:id/releases': () => state,
      'POST /staff/registry/:id/releases/:release/preview': answer({ preview: RELEASE_2 }),
      'POST /staff/registry/:id/releases/:release/promote': answer({
        live: RELEASE_2,
        preview: null,
        rollbackTo: RELEASE_1,
        releases: state.releases.map((r) =>
          r.id === RELEASE_2 ? { ...r, liveAt: '2026-11-23T08:00:00.000Z', liveBy: 'lead@portal.test' } : r,
        ),
      }),
      'POST /staff/registry/:id/rollback': answer({ live: RELEASE_1, rollbackTo: RELEASE_2 }),
    });
    const dialog = await openReleases(view);

    await view.user.click(within(releaseItem(dialog, RELEASE_2)).getByRole('button', { name: `Preview ${RELEASE_2}` }));
    await waitFor(() =>
      expect(view.notify.last('success')?.message).toBe(`${RELEASE_2} is in preview for internal accounts.`),
    );
    expect(view.http.callsTo('POST /staff/registry/:id/releases/:release/preview')[0].path).toBe(
      `/staff/registry/mobile/releases/${RELEASE_2}/preview`,
    );
    expect(within(releaseItem(dialog, RELEASE_2)).getByText('Preview', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'End preview' })).toBeEnabled();
    // The registry list reloads to show the entry's preview chip.
    await waitFor(() => expect(view.http.callsTo('GET /staff/registry')).toHaveLength(2));

    await view.user.click(
      within(releaseItem(dialog, RELEASE_2)).getByRole('button', { name: `Promote ${RELEASE_2} to everyone` }),
    );
    await waitFor(() => expect(view.notify.last('success')?.message).toBe(`${RELEASE_2} is live for everyone.`));
    expect(within(releaseItem(dialog, RELEASE_2)).getByText(/made live by lead@portal\.test/)).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: `Roll back to ${RELEASE_1}` }));
    await waitFor(() =>
      expect(view.notify.last('success')?.message).toBe(`Rolled back: ${RELEASE_1} is live for everyone.`),
    );
    expect(view.http.callsTo('POST /staff/registry/:id/rollback')[0].path).toBe('/staff/registry/mobile/rollback');
    expect(within(releaseItem(dialog, RELEASE_1)).getByText('Live', { selector: '.MuiChip-label' })).toBeVisible();
  });

  it('adds a release by its manifest URL; an incompatible one is refused with what does not fit', async () => {
    const view = renderStaffPage({
      'POST /staff/registry/:id/releases': (req: { body: { manifestUrl: string } }) => {
        if (req.body.manifestUrl.includes('0.3.0')) {
          throw new ApiError(400, 'release-incompatible', 'Release 0.3.0-cccccccccc was built against react 19.1.0', {
            slug: 'release-incompatible',
            fields: {
              manifestUrl: 'api_error_release_incompatible',
              'shared.react': 'api_error_release_library_major',
              'shared.@portal/shared': 'api_error_release_contract',
            },
          });
        }
        return staffReleases({
          releases: [
            { ...staffReleases().releases[0], id: '0.4.0-dddddddddd', version: '0.4.0' },
            ...staffReleases().releases,
          ],
        });
      },
    });
    const dialog = await openReleases(view);
    const field = within(dialog).getByRole('textbox', { name: 'Manifest URL of a release' });

    // Staff paste a release's manifest URL (typing 80 characters one by one only makes the test slow).
    await view.user.click(field);
    await view.user.paste(releaseUrl('0.3.0-cccccccccc'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add release' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The release was not added');
    const problems = within(alert).getByRole('list', { name: 'What does not fit' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'react: built against another major version than the portal provides',
      '@portal/shared: built against another contract version of @portal/shared than the portal provides',
    ]);
    expect(field).toHaveAccessibleDescription('This release was not built against what the portal provides.');
    expect(within(dialog).queryByRole('listitem', { name: '0.3.0-cccccccccc' })).not.toBeInTheDocument();

    await view.user.clear(field);
    await view.user.paste(releaseUrl('0.4.0-dddddddddd'));
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(view.notify.last('success')?.message).toBe('Release 0.4.0-dddddddddd was added.'));
    expect(view.http.callsTo('POST /staff/registry/:id/releases')[1].body).toEqual({
      manifestUrl: releaseUrl('0.4.0-dddddddddd'),
    });
    expect(releaseItem(dialog, '0.4.0-dddddddddd')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a step that the api refuses on its second check says why and changes nothing', async () => {
    const view = renderStaffPage({
      'POST /staff/registry/:id/releases/:release/promote': new ApiError(400, 'release-unavailable', 'gone', {
        slug: 'release-unavailable',
        fields: { manifestUrl: 'api_error_release_manifest_not_reachable' },
      }),
    });
    const dialog = await openReleases(view);
    await view.user.click(
      within(releaseItem(dialog, RELEASE_2)).getByRole('button', { name: `Promote ${RELEASE_2} to everyone` }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The release was not promoted');
    expect(alert).toHaveTextContent("The release's manifest could not be loaded.");
    expect(alert).toHaveTextContent('The manifest is not reachable');
    expect(within(releaseItem(dialog, RELEASE_1)).getByText('Live', { selector: '.MuiChip-label' })).toBeVisible();
  });

  it('speaks German', async () => {
    const view = renderStaffPage(
      {
        'GET /staff/registry/:id/releases': staffReleases({ preview: RELEASE_2, rollbackTo: null }),
      },
      { language: 'de' },
    );
    const dialog = await openReleases(view, 'Releases von mobile');
    expect(within(dialog).getByText('Vorschau für interne Konten')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Vorschau beenden' })).toBeEnabled();
    expect(
      within(releaseItem(dialog, RELEASE_2)).getByRole('button', { name: `${RELEASE_2} für alle freigeben` }),
    ).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Zurückrollen (kein früheres Live-Release)' })).toBeDisabled();
  });
});
