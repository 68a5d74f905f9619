import { renderRemote } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from './remote';

describe('billing remote', () => {
  it('is the billing remote owning /invoices', () => {
    expect(remote.id).toBe('billing');
    expect(remote.routes.map((r) => r.path)).toEqual(['/invoices']);
  });

  it('brings its own sidebar entry, for main users only', () => {
    expect(remote.nav).toEqual([
      expect.objectContaining({ path: '/invoices', labelKey: 'nav_invoices', order: 20, mainUserOnly: true }),
    ]);
    expect(remote.translations.de.nav_invoices).toBe('Rechnungen');
  });

  it('mounts the invoices page with its empty state', async () => {
    // The remote's page is a lazily loaded chunk: on a busy machine it takes longer than findBy's default second.
    renderRemote(remote, { route: '/invoices', http: { 'GET /invoice/list': { invoice_list: [], total: 0 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});
