import { ApiError } from '@portal/shared';
import type { InvoiceView } from '@portal/shared/domain';
import { demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import remote from '../../../remote';
import { invoiceFixture, invoiceList } from '../../../testing/invoice-fixture';
import { InvoicesPage } from './invoices-page';

const translations = [remote];
const renderPage = (options: Parameters<typeof renderWithPortal>[1] = {}) =>
  renderWithPortal(<InvoicesPage />, { route: '/invoices', path: '/invoices', translations, ...options });

const unpaid = invoiceFixture({
  id: '9a8b7c6d-0000-4000-8000-000000000001',
  invoice_number: null,
  status: 'Pending',
  payment_url: '/api/payment/sandbox/ref-1',
  has_pdf: false,
  plugin: null,
  products: [],
});

/** A cancellation (all paid back) or correction (a part) of the paid invoiceFixture(): refunded, a negative total. */
const refundOfPaid = (
  kind: 'cancellation' | 'correction',
  invoice: Pick<InvoiceView, 'id' | 'invoice_number' | 'amount_with_vat'>,
) => invoiceFixture({ ...invoice, kind, cancels_invoice_id: invoiceFixture().id, status: 'Refunded' });

describe('InvoicesPage', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:invoice');
    URL.revokeObjectURL = jest.fn();
  });

  it('lists number or id, plugin or a dash, date, total with VAT (its currency shown once), status and PDF (English)', async () => {
    renderPage({ http: { 'GET /invoice/list': invoiceList([unpaid, invoiceFixture()]) } });
    const table = await screen.findByRole('table', { name: 'Your invoices' });
    const [header, unpaidRow, paidRow] = within(table).getAllByRole('row');
    expect(within(header).getByText('Total incl. VAT')).toBeInTheDocument();

    expect(within(paidRow).getByText('RE-2026-000123')).toBeInTheDocument();
    expect(within(paidRow).getByText('Fresh Desk Basic')).toBeInTheDocument();
    expect(within(paidRow).getByText(/^20\.11\.2026/)).toBeInTheDocument();
    expect(within(paidRow).getByText('512,89 €')).toBeInTheDocument();
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(within(paidRow).queryByRole('button', { name: /Pay invoice/ })).toBeNull();
    expect(within(paidRow).getByRole('button', { name: 'Download PDF of invoice RE-2026-000123' })).toBeEnabled();

    expect(within(unpaidRow).getByText(unpaid.id)).toBeInTheDocument();
    expect(within(unpaidRow).getAllByText('–')).toHaveLength(2); // no plugin, no PDF yet
    expect(within(unpaidRow).getByText('Not paid')).toBeInTheDocument();
    expect(within(unpaidRow).getByRole('button', { name: `Pay invoice ${unpaid.id} now` })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('shows German texts', async () => {
    renderPage({ language: 'de', http: { 'GET /invoice/list': invoiceList([unpaid, invoiceFixture()]) } });
    const table = await screen.findByRole('table', { name: 'Ihre Rechnungen' });
    expect(within(table).getByText('Bezahlt')).toBeInTheDocument();
    expect(within(table).getByText('Nicht bezahlt')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `Rechnung ${unpaid.id} jetzt bezahlen` })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'PDF der Rechnung RE-2026-000123 herunterladen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeInTheDocument();
  });

  it('marks a cancellation invoice (a refund) as such, with its negative total and its PDF', async () => {
    const cancellation = refundOfPaid('cancellation', {
      id: '9a8b7c6d-0000-4000-8000-000000000002',
      invoice_number: 'RE-2026-000124',
      amount_with_vat: -51289,
    });
    renderPage({ language: 'de', http: { 'GET /invoice/list': invoiceList([cancellation]) } });
    const table = await screen.findByRole('table', { name: 'Ihre Rechnungen' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByText('Stornorechnung')).toBeInTheDocument();
    expect(within(row).getByText('-512,89 €')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /bezahlen/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'PDF der Rechnung RE-2026-000124 herunterladen' })).toBeEnabled();
  });

  it('lists an expired checkout as Expired / Abgelaufen, without a number and without Pay now', async () => {
    const expired = invoiceFixture({
      id: '9a8b7c6d-0000-4000-8000-000000000003',
      invoice_number: null,
      status: 'Expired',
      payment_url: null,
      has_pdf: false,
    });
    for (const [language, text, pay] of [
      ['en', 'Expired', /Pay invoice/],
      ['de', 'Abgelaufen', /bezahlen/],
    ] as const) {
      const view = renderPage({ language, http: { 'GET /invoice/list': invoiceList([expired]) } });
      const table = await screen.findByRole('table', { name: language === 'en' ? 'Your invoices' : 'Ihre Rechnungen' });
      const [, row] = within(table).getAllByRole('row');
      expect(within(row).getByText(text)).toBeInTheDocument();
      expect(within(row).getByText(expired.id)).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: pay })).toBeNull();
      expect(within(row).queryByText(language === 'en' ? 'Not paid' : 'Nicht bezahlt')).toBeNull();
      view.unmount();
    }
  });

  it('marks a correction invoice (a partial refund) in both languages, with its negative total and its PDF', async () => {
    const correction = refundOfPaid('correction', {
      id: '9a8b7c6d-0000-4000-8000-000000000004',
      invoice_number: 'RE-2026-000125',
      amount_with_vat: -5000,
    });
    for (const [language, label, pdf] of [
      ['de', 'Rechnungskorrektur', 'PDF der Rechnung RE-2026-000125 herunterladen'],
      ['en', 'Correction invoice', /RE-2026-000125/],
    ] as const) {
      const view = renderPage({ language, http: { 'GET /invoice/list': invoiceList([invoiceFixture(), correction]) } });
      const table = await screen.findByRole('table');
      const [, , row] = within(table).getAllByRole('row');
      expect(within(row).getByText(label)).toBeInTheDocument();
      expect(within(row).getByText(/-50[,.]00 €|-€50\.00/)).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /bezahlen|pay/i })).toBeNull();
      expect(within(row).getByRole('button', { name: pdf })).toBeEnabled();
      view.unmount();
    }
  });

  it('pages with previous/next through limit and offset', async () => {
    const fakes = renderPage({
      http: {
        'GET /invoice/list': (req: { query: Record<string, string> }) =>
          invoiceList(
            [invoiceFixture({ id: `id-${req.query.offset}`, invoice_number: `RE-2026-0000${req.query.offset}` })],
            23,
          ),
      },
    });
    expect(await screen.findByText('1–10 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 23')).toBeInTheDocument();
    expect(await screen.findByText('RE-2026-000010')).toBeInTheDocument();
    expect(fakes.http.callsTo('GET /invoice/list').map((c: { query: Record<string, string> }) => c.query)).toEqual([
      { limit: '10', offset: '0' },
      { limit: '10', offset: '10' },
    ]);
  });

  it('shows the empty state when there are no invoices (and for a not-found answer)', async () => {
    renderPage({
      http: { 'GET /invoice/list': new ApiError(404, 'user-not-found', 'not found') },
    });
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a license' })).toHaveAttribute('href', '/licenses/buy');
  });

  it("ends the notification of a failed list with the request's support code", async () => {
    const fakes = renderPage({
      http: { 'GET /invoice/list': new ApiError(500, 'internal-error', 'boom', undefined, 'list-req-1') },
    });
    await waitFor(() => expect(fakes.notify.last('error')?.title).toBe('Failed to fetch invoices'));
    expect(fakes.notify.last('error')?.message).toMatch(/ Support code: list-req-1$/);
  });

  it("notifies 'Failed to fetch invoices' and retries", async () => {
    let fail = true;
    const fakes = renderPage({
      http: {
        'GET /invoice/list': () => {
          if (fail) throw new ApiError(500, 'internal-error', 'boom');
          return invoiceList([invoiceFixture()]);
        },
      },
    });
    await waitFor(() => expect(fakes.notify.last('error')?.title).toBe('Failed to fetch invoices'));
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('table', { name: 'Your invoices' })).toBeInTheDocument();
  });

  it('downloads the PDF named after the invoice number with a loading state', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    const fakes = renderPage({
      http: {
        'GET /invoice/list': invoiceList([invoiceFixture()]),
        'POST /invoice/:id/download': () =>
          new Promise((r) => {
            resolve = r;
          }),
      },
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('RE-2026-000123.pdf');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of invoice RE-2026-000123' }));
    const busy = await screen.findByRole('button', { name: 'Downloading PDF of invoice RE-2026-000123' });
    expect(busy).toBeDisabled();
    resolve({ file_name: 'RE-2026-000123.pdf', content_type: 'application/pdf', data: btoa('%PDF-1.7') });
    expect(await screen.findByRole('button', { name: 'Download PDF of invoice RE-2026-000123' })).toBeEnabled();
    expect(click).toHaveBeenCalledTimes(1);
    expect(fakes.http.callsTo('POST /invoice/:id/download')[0].params.id).toBe(invoiceFixture().id);
    click.mockRestore();
  });

  it("notifies 'Failed to download invoice PDF' when the download fails", async () => {
    const fakes = renderPage({
      http: {
        'GET /invoice/list': invoiceList([invoiceFixture()]),
        'POST /invoice/:id/download': new ApiError(404, 'invoice-not-found', 'Invoice not found'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of invoice RE-2026-000123' }));
    await waitFor(() => expect(fakes.notify.last('error')?.title).toBe('Failed to download invoice PDF'));
    expect(fakes.notify.last('error')?.message).toBe('This invoice was not found.');
  });

  it("reopens the payment window for 'Pay now' and reloads the list when it closes", async () => {
    jest.useFakeTimers();
    const popup = { closed: false } as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    const fakes = renderPage({ http: { 'GET /invoice/list': invoiceList([unpaid]) } });
    fireEvent.click(await screen.findByRole('button', { name: `Pay invoice ${unpaid.id} now` }));
    expect(open).toHaveBeenCalledWith(
      '/api/payment/sandbox/ref-1',
      'portal-payment',
      expect.stringContaining('width=1000'),
    );
    (popup as { closed: boolean }).closed = true;
    jest.advanceTimersByTime(1000);
    await waitFor(() => expect(fakes.http.callsTo('GET /invoice/list')).toHaveLength(2));
    open.mockRestore();
    jest.useRealTimers();
  });

  it('warns when the browser blocks the payment window', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const fakes = renderPage({ http: { 'GET /invoice/list': invoiceList([unpaid]) } });
    fireEvent.click(await screen.findByRole('button', { name: `Pay invoice ${unpaid.id} now` }));
    expect(fakes.notify.last('warning')?.message).toBe(
      'Your browser has blocked the pop-up. Please allow pop-ups to continue payment.',
    );
    open.mockRestore();
  });

  it('is not available to sub-users and asks the api for nothing', async () => {
    const fakes = renderPage({ session: { apiUser: demoSubApiUser() } });
    expect(await screen.findByText('Invoices are only available to the main user of the account.')).toBeInTheDocument();
    expect(fakes.http.calls).toHaveLength(0);
  });
});
