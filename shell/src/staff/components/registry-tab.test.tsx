import { ApiError } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { entryPutBody, registryEntries, registryEntry } from '../../testing/staff-fixtures';
import { renderStaffPage } from '../../testing/render-staff';

const rowOf = async (id: string) => {
  const table = await screen.findByRole('table', { name: 'Registry entries' }, { timeout: 5000 });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(id, { exact: true }) || r.textContent?.startsWith(id));
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe('Registry tab', () => {
  it('lists every entry in dashboard order with its status chips, routes and remote', async () => {
    renderStaffPage();
    const table = await screen.findByRole('table', { name: 'Registry entries' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'licensesmfe_licenses · /remotes/mfe-licenses/mf-manifest.json',
      'mobile · Mobile appmfe_mobile · /remotes/mfe-mobile/mf-manifest.json',
      'gpsrmfe_gpsr · /remotes/mfe-gpsr/mf-manifest.json',
      'content-masterShell page (no remote)',
    ]);
    const [licenses, mobile, gpsr, contentMaster] = rows;
    expect(within(licenses).getByText('/licenses/buy')).toBeInTheDocument();
    expect(within(mobile).getByText('Enabled', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(mobile).getByText('Everyone')).toBeInTheDocument();
    expect(within(gpsr).getByText('Disabled')).toBeInTheDocument();
    expect(within(gpsr).getByText('Coming soon')).toBeInTheDocument();
    expect(within(gpsr).getByText('Internal only')).toBeInTheDocument();
    expect(within(contentMaster).getByText('2 sellers')).toBeInTheDocument();
    // A shell page has no manifest to check.
    expect(within(contentMaster).queryByRole('button', { name: /^Check/ })).not.toBeInTheDocument();
    expect(within(gpsr).getByRole('switch', { name: 'Enabled: gpsr' })).not.toBeChecked();
    expect(within(mobile).getByRole('switch', { name: 'Enabled: mobile' })).toBeChecked();
  });

  it('shows loading, then an error with a retry that loads again', async () => {
    const view = renderStaffPage({ 'GET /staff/registry': new ApiError(500, 'internal', 'boom') });
    expect(await screen.findByRole('status')).toHaveTextContent(/Checking access|Loading registry/);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The registry could not be loaded');
    view.http.on('GET /staff/registry', { entries: registryEntries() });
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Registry entries' })).toBeInTheDocument();
  });

  it('shows the empty state with a button for the first entry', async () => {
    const view = renderStaffPage({ 'GET /staff/registry': { entries: [] } });
    expect(await screen.findByText('No registry entries')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('dialog', { name: 'New registry entry' })).toBeInTheDocument();
  });

  it('disables an entry with its switch: PUT of the whole entry without id and timestamps, then the list reloads', async () => {
    const view = renderStaffPage({
      'PUT /staff/registry/:id': (req: { body: object; params: { id: string } }) => ({
        ...registryEntry(),
        ...req.body,
      }),
    });
    await view.user.click(within(await rowOf('mobile')).getByRole('switch', { name: 'Enabled: mobile' }));
    await waitFor(() => expect(view.notify.last('success')?.message).toBe('mobile is disabled.'));
    const [put] = view.http.callsTo('PUT /staff/registry/:id');
    expect(put.path).toBe('/staff/registry/mobile');
    const expected = entryPutBody();
    expect(put.body).toEqual({ ...expected, enabled: false });
    await waitFor(() => expect(view.http.callsTo('GET /staff/registry')).toHaveLength(2));
  });

  it('tells why enabling failed, with the support code', async () => {
    const refused = new ApiError(403, 'forbidden-staff-only', 'no', undefined, 'staff-req-3');
    const view = renderStaffPage({ 'PUT /staff/registry/:id': refused });
    await view.user.click(within(await rowOf('gpsr')).getByRole('switch', { name: 'Enabled: gpsr' }));
    await waitFor(() => expect(view.notify.last('error')?.title).toBe('gpsr could not be saved'));
    expect(view.notify.last('error')?.message).toMatch(/ Support code: staff-req-3$/);
  });

  it('deletes only after the confirmation; cancelling keeps the entry', async () => {
    const view = renderStaffPage({ 'DELETE /staff/registry/:id': undefined });
    await view.user.click(within(await rowOf('gpsr')).getByRole('button', { name: 'Delete gpsr' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete gpsr?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.http.callsTo('DELETE /staff/registry/:id')).toHaveLength(0);

    await view.user.click(within(await rowOf('gpsr')).getByRole('button', { name: 'Delete gpsr' }));
    dialog = screen.getByRole('dialog', { name: 'Delete gpsr?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.http.callsTo('DELETE /staff/registry/:id')).toHaveLength(1));
    expect(view.http.callsTo('DELETE /staff/registry/:id')[0].path).toBe('/staff/registry/gpsr');
    await waitFor(() => expect(view.notify.last('success')?.message).toBe('gpsr was deleted.'));
  });

  it('checks a manifest from the api side and shows a valid manifest, or the reason it is not', async () => {
    const view = renderStaffPage({
      'POST /staff/registry/check': (req: { body: { manifestUrl: string } }) =>
        req.body.manifestUrl.includes('mobile')
          ? { valid: true, reason: null, remoteName: 'mfe_mobile' }
          : { valid: false, reason: 'not-reachable', remoteName: null },
    });
    const mobile = await rowOf('mobile');
    await view.user.click(within(mobile).getByRole('button', { name: 'Check mobile' }));
    expect(await within(mobile).findByText('Valid manifest, exposes ./remote (mfe_mobile)')).toBeInTheDocument();
    expect(view.http.callsTo('POST /staff/registry/check')[0].body).toEqual({
      manifestUrl: '/remotes/mfe-mobile/mf-manifest.json',
    });

    const gpsr = await rowOf('gpsr');
    await view.user.click(within(gpsr).getByRole('button', { name: 'Check gpsr' }));
    expect(
      await within(gpsr).findByText(
        'Not a valid manifest: not reachable (no connection, no answer within 3 s, a redirect or an HTTP error)',
      ),
    ).toBeInTheDocument();
  });

  it('reports a manifest without ./remote and a refused check (host not allow-listed) in German', async () => {
    const view = renderStaffPage(
      {
        'POST /staff/registry/check': (req: { body: { manifestUrl: string } }) => {
          if (req.body.manifestUrl.includes('gpsr')) throw new ApiError(400, 'manifest-host-not-allowed', 'no');
          return { valid: false, reason: 'no-remote', remoteName: 'mfe_mobile' };
        },
      },
      { language: 'de' },
    );
    const table = await screen.findByRole('table', { name: 'Registry-Einträge' });
    const [, , mobile, gpsr] = within(table).getAllByRole('row');
    await view.user.click(within(mobile).getByRole('button', { name: 'Prüfen mobile' }));
    expect(await within(mobile).findByText('Ein Manifest, das ./remote aber nicht bereitstellt')).toBeInTheDocument();
    await view.user.click(within(gpsr).getByRole('button', { name: 'Prüfen gpsr' }));
    expect(await within(gpsr).findByText(/^Prüfung fehlgeschlagen: /)).toBeInTheDocument();
  });

  it('says which reason from the fixed set: not JSON, not a manifest, and a URL that is no mf-manifest.json', async () => {
    const view = renderStaffPage({
      'POST /staff/registry/check': (req: { body: { manifestUrl: string } }) => {
        if (req.body.manifestUrl.includes('gpsr')) {
          throw new ApiError(400, 'validation-error', 'no', {
            message: 'no',
            slug: 'validation-error',
            fields: { manifestUrl: 'validation_registry_manifest_url_not_manifest' },
          });
        }
        return { valid: false, reason: 'invalid-json', remoteName: null };
      },
    });
    const mobile = await rowOf('mobile');
    await view.user.click(within(mobile).getByRole('button', { name: 'Check mobile' }));
    expect(await within(mobile).findByText('Not a valid manifest: the answer is not JSON')).toBeInTheDocument();
    const gpsr = await rowOf('gpsr');
    await view.user.click(within(gpsr).getByRole('button', { name: 'Check gpsr' }));
    expect(await within(gpsr).findByText(/^Check failed: .*mf-manifest\.json/)).toBeInTheDocument();
  });

  it('shows cards instead of the table on a narrow screen', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderStaffPage();
      const list = await screen.findByRole('list', { name: 'Registry entries' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(4);
      expect(within(cards[1]).getByRole('switch', { name: 'Enabled: mobile' })).toBeChecked();
      expect(within(cards[1]).getByText('/features/mobile-app')).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
