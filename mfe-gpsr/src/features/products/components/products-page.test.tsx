import { ApiError } from '@portal/shared';
import { renderWithPortal } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import remote from '../../../remote';
import { gpsrLicense, listItem } from '../../../testing/gpsr-fixtures';
import { ProductsPage } from './products-page';

const licensed = { licenses: [gpsrLicense()] };

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<ProductsPage />, {
    route: '/features/gpsr',
    path: '/features/gpsr',
    translations: [remote],
    session: licensed,
    ...options,
  });
}

const many = Array.from({ length: 10 }, (_, i) =>
  listItem({ id: `00000000-0000-4000-8000-00000000000${i}`, name: `Product ${i + 1}`, progress: i * 10 }),
);

describe('ProductsPage', () => {
  it('shows License Required without a valid gpsr license and asks nothing of the api', async () => {
    const { http } = renderPage({ session: { licenses: [] } });
    expect(screen.getByText('License Required')).toBeInTheDocument();
    expect(
      screen.getByText('You need a valid license to access this feature. Please purchase a license for GPSR.'),
    ).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
  });

  it('shows License Required in German', () => {
    renderPage({ session: { licenses: [] }, language: 'de' });
    expect(screen.getByText('Lizenz erforderlich')).toBeInTheDocument();
  });

  it('lists 8 products per page with UTC date, progress and actions', async () => {
    const { user } = renderPage({ http: { 'GET /gpsr/products': many } });
    const table = await screen.findByRole('table', { name: 'Your GPSR products' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    // 23:30 UTC stays the 5th in UTC, whatever the machine's zone.
    expect(within(rows[0]).getByText('05.03.2025')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('progressbar', { name: 'Progress of Product 2' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(within(rows[0]).getByRole('link', { name: 'Edit Product 1' })).toHaveAttribute(
      'href',
      '/features/gpsr/product/edit/00000000-0000-4000-8000-000000000000',
    );
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/features/gpsr/product/add');
    await user.click(screen.getByRole('button', { name: /next page|page 2/i }));
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(screen.getByText('Product 10')).toBeInTheDocument();
  });

  it('shows one card per product with the same actions on a narrow screen', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((media: string) => ({
      matches: true,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderPage({ http: { 'GET /gpsr/products': [listItem({ name: 'Lamp', progress: 30 })] } });
      const list = await screen.findByRole('list', { name: 'Your GPSR products' });
      expect(within(list).getByRole('progressbar', { name: 'Progress of Lamp' })).toHaveAttribute(
        'aria-valuenow',
        '30',
      );
      expect(within(list).getByRole('button', { name: 'Delete Lamp' })).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: 'Download documentation of Lamp' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows the empty-list message in German', async () => {
    renderPage({ language: 'de', http: { 'GET /gpsr/products': [] } });
    expect(await screen.findByText('Noch keine Produkte')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Produkt hinzufügen' })).toBeInTheDocument();
  });

  it('deletes after the confirm modal and says how long released versions are kept', async () => {
    const { user, http, notify } = renderPage({
      http: {
        'GET /gpsr/products': [listItem({ name: 'Lamp' })],
        'DELETE /gpsr/product/:id/delete': {
          deleted: true,
          retainedVersions: [{ number: 1, retentionUntil: '2035-02-01T10:00:00.000Z' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Lamp' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(http.callsTo('DELETE /gpsr/product/:id/delete')).toHaveLength(1));
    await waitFor(() =>
      expect(notify.last('success')?.message).toBe(
        'Product "Lamp" successfully removed. Its released version is kept until 01.02.2035 (10-year retention).',
      ),
    );
    expect(http.callsTo('GET /gpsr/products')).toHaveLength(2);
  });

  it('cancelling the confirm modal deletes nothing', async () => {
    const { user, http } = renderPage({ http: { 'GET /gpsr/products': [listItem({ name: 'Lamp' })] } });
    await user.click(await screen.findByRole('button', { name: 'Delete Lamp' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(http.callsTo('DELETE /gpsr/product/:id/delete')).toHaveLength(0);
  });

  it('refuses a download that is not a ZIP or is empty with a message that says why', async () => {
    const { user, notify } = renderPage({
      http: {
        'GET /gpsr/products': [listItem({ name: 'Lamp' })],
        'GET /gpsr/product/:id/documentation/download': new Blob(['<html>'], { type: 'text/html' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download documentation of Lamp' }));
    await waitFor(() => expect(notify.last('error')?.message).toBe('The server did not send a ZIP file.'));
  });

  it('lists versions of deleted products that are still retained, and downloads them', async () => {
    const zip = new Blob(['PK'], { type: 'application/zip' });
    const { user, http } = renderPage({
      http: {
        'GET /gpsr/products': [],
        'GET /gpsr/versions/retained': [
          {
            productId: 'p-old',
            productName: 'Old lamp',
            number: 2,
            releasedAt: '2025-01-01T00:00:00.000Z',
            retentionUntil: '2035-01-01T00:00:00.000Z',
            progress: 40,
          },
        ],
        'GET /gpsr/product/:id/documentation/download': zip,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Versions of deleted products' })).toBeInTheDocument();
    expect(screen.getByText('Kept until 01.01.2035')).toBeInTheDocument();
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    await user.click(screen.getByRole('button', { name: 'Download version 2 of Old lamp' }));
    await waitFor(() => expect(http.callsTo('GET /gpsr/product/:id/documentation/download')).toHaveLength(1));
    const call = http.callsTo('GET /gpsr/product/:id/documentation/download')[0];
    expect(call.params.id).toBe('p-old');
    expect(call.query).toEqual({ lang: 'en', version: '2' });
  });

  it('reports a failed list load with the error text', async () => {
    const { notify } = renderPage({
      http: { 'GET /gpsr/products': new ApiError(500, 'internal-error', 'x') },
    });
    await waitFor(() => expect(notify.last('error')?.title).toBe('The products could not be loaded'));
  });
});
