import { ApiError } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { entryPutBody, registryEntry } from '../../testing/staff-fixtures';
import { renderStaffPage, type StaffView, pasteInto } from '../../testing/render-staff';

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

async function openNew(view: StaffView) {
  await view.user.click(await screen.findByRole('button', { name: 'New entry' }));
  return screen.getByRole('dialog', { name: 'New registry entry' });
}

async function fillNew(view: StaffView, dialog: HTMLElement) {
  await pasteInto(view, field(dialog, /^Id/), 'mobile-beta');
  await pasteInto(view, field(dialog, /^Remote name/), 'mfe_mobile_beta');
  await pasteInto(view, field(dialog, /^Manifest URL/), 'http://127.0.0.1:3199/mf-manifest.json');
  await pasteInto(view, field(dialog, /^Routes/), '/features/mobile-beta\n/features/mobile-beta-setup');
}

describe('Registry entry dialog', () => {
  it('creates an entry: the strict input of the contract, then the dialog closes and the list reloads', async () => {
    const view = renderStaffPage({
      'POST /staff/registry': (req: { body: object }) => ({
        ...req.body,
        updatedAt: '2026-11-22T00:00:00Z',
        updatedBy: 's',
      }),
    });
    const dialog = await openNew(view);
    await fillNew(view, dialog);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.http.callsTo('POST /staff/registry')[0].body).toEqual({
      id: 'mobile-beta',
      remote: 'mfe_mobile_beta',
      manifestUrl: 'http://127.0.0.1:3199/mf-manifest.json',
      routes: ['/features/mobile-beta', '/features/mobile-beta-setup'],
      enabled: false,
      audience: { kind: 'internal' },
      comingSoon: false,
      buyWithoutFilling: false,
      order: 100,
      card: null,
    });
    expect(view.notify.last('success')?.message).toBe('mobile-beta was created.');
    await waitFor(() => expect(view.http.callsTo('GET /staff/registry')).toHaveLength(2));
  });

  it('checks the input with the shared schema before sending: the bad field is marked, nothing is sent', async () => {
    const view = renderStaffPage();
    const dialog = await openNew(view);
    await pasteInto(view, field(dialog, /^Id/), 'Mobile Beta');
    await pasteInto(view, field(dialog, /^Routes/), '/Features');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(field(dialog, /^Id/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(dialog, /^Routes/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, /^Routes/)).toHaveAccessibleDescription(/^\/Features: /);
    expect(view.http.callsTo('POST /staff/registry')).toHaveLength(0);

    // The error clears as soon as the field is fixed.
    await view.user.clear(field(dialog, /^Id/));
    await pasteInto(view, field(dialog, /^Id/), 'mobile-beta');
    await waitFor(() => expect(field(dialog, /^Id/)).toHaveAttribute('aria-invalid', 'false'));
  });

  it('shows the fields the api names at their field and keeps everything typed', async () => {
    const view = renderStaffPage({
      'POST /staff/registry': new ApiError(400, 'registry-route-taken', 'Route taken', {
        message: 'Route taken',
        slug: 'registry-route-taken',
        fields: { 'routes.1': 'validation_field_invalid' },
      }),
    });
    const dialog = await openNew(view);
    await fillNew(view, dialog);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(field(dialog, /^Routes/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(dialog, /^Routes/)).toHaveAccessibleDescription(
      '/features/mobile-beta-setup: Please check this entry.',
    );
    expect(screen.getByRole('dialog', { name: 'New registry entry' })).toBeInTheDocument();
    expect(field(dialog, /^Id/)).toHaveValue('mobile-beta');
    expect(field(dialog, /^Manifest URL/)).toHaveValue('http://127.0.0.1:3199/mf-manifest.json');
  });

  it('marks the id when it exists already (409 without fields)', async () => {
    const view = renderStaffPage({
      'POST /staff/registry': new ApiError(409, 'registry-entry-exists', 'exists'),
    });
    const dialog = await openNew(view);
    await fillNew(view, dialog);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(field(dialog, /^Id/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(dialog, /^Id/)).toHaveValue('mobile-beta');
  });

  it('shows any other failure in the dialog and keeps the input for another try', async () => {
    const view = renderStaffPage({ 'POST /staff/registry': new ApiError(500, 'internal', 'boom') });
    const dialog = await openNew(view);
    await fillNew(view, dialog);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(field(dialog, /^Routes/)).toHaveValue('/features/mobile-beta\n/features/mobile-beta-setup');

    view.http.on('POST /staff/registry', (req: { body: object }) => ({ ...req.body, updatedAt: 'x', updatedBy: null }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits an entry: starts from its values, the id fixed, PUT of the input without the id', async () => {
    const view = renderStaffPage({
      'PUT /staff/registry/:id': (req: { body: object }) => ({ ...registryEntry(), ...req.body }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit mobile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit mobile' });
    expect(field(dialog, /^Id/)).toBeDisabled();
    expect(field(dialog, /^Id/)).toHaveValue('mobile');
    expect(field(dialog, /^Title \(English\)/)).toHaveValue('Mobile app');
    expect(within(dialog).getByRole('checkbox', { name: 'Show a card on the dashboard' })).toBeChecked();

    await view.user.clear(field(dialog, /^Title \(English\)/));
    await pasteInto(view, field(dialog, /^Title \(English\)/), 'Mobile');
    await view.user.click(within(dialog).getByRole('radio', { name: 'Selected sellers (by email)' }));
    await pasteInto(view, field(dialog, /^Seller emails/), 'a@shop.test\nb@shop.test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = view.http.callsTo('PUT /staff/registry/:id');
    expect(put.path).toBe('/staff/registry/mobile');
    const unchanged = entryPutBody();
    expect(put.body).toEqual({
      ...unchanged,
      audience: { kind: 'sellers', emails: ['a@shop.test', 'b@shop.test'] },
      card: { ...unchanged.card, title: { en: 'Mobile', de: 'Mobile App' } },
    });
    expect(view.notify.last('success')?.message).toBe('mobile was saved.');
  });

  it('marks a bad seller email by its value and a card title filled in one language only', async () => {
    const view = renderStaffPage();
    await view.user.click(await screen.findByRole('button', { name: 'Edit mobile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit mobile' });
    await view.user.click(within(dialog).getByRole('radio', { name: 'Selected sellers (by email)' }));
    await pasteInto(view, field(dialog, /^Seller emails/), 'a@shop.test\nnot-an-email');
    await view.user.clear(field(dialog, /^Title \(German\)/));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field(dialog, /^Seller emails/)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(dialog, /^Seller emails/)).toHaveAccessibleDescription(/^not-an-email: /);
    expect(field(dialog, /^Title \(German\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(view.http.callsTo('PUT /staff/registry/:id')).toHaveLength(0);
  });

  it('removes the card: card null in the body', async () => {
    const view = renderStaffPage({
      'PUT /staff/registry/:id': (req: { body: object }) => ({ ...registryEntry(), ...req.body }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit mobile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit mobile' });
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Show a card on the dashboard' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.http.callsTo('PUT /staff/registry/:id')).toHaveLength(1));
    expect(view.http.callsTo('PUT /staff/registry/:id')[0].body).toMatchObject({ card: null });
  });

  it('checks the manifest URL typed in the dialog', async () => {
    const view = renderStaffPage({
      'POST /staff/registry/check': { valid: true, reason: null, remoteName: 'mfe_mobile_beta' },
    });
    const dialog = await openNew(view);
    expect(within(dialog).getByRole('button', { name: 'Check manifest' })).toBeDisabled();
    await pasteInto(view, field(dialog, /^Manifest URL/), 'http://127.0.0.1:3199/mf-manifest.json');
    await view.user.click(within(dialog).getByRole('button', { name: 'Check manifest' }));
    expect(await within(dialog).findByText('Valid manifest, exposes ./remote (mfe_mobile_beta)')).toBeInTheDocument();
    expect(view.http.callsTo('POST /staff/registry/check')[0].body).toEqual({
      manifestUrl: 'http://127.0.0.1:3199/mf-manifest.json',
    });
  });

  it('works in German', async () => {
    const view = renderStaffPage({}, { language: 'de' });
    await view.user.click(await screen.findByRole('button', { name: 'Bearbeiten mobile' }));
    const dialog = screen.getByRole('dialog', { name: 'mobile bearbeiten' });
    expect(within(dialog).getByRole('textbox', { name: /^Titel \(Deutsch\)/ })).toHaveValue('Mobile App');
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
