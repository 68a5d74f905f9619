import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../services/api-error';
import { renderWithPortal } from '../testing';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { LoadingState } from './loading-state';
import { PageHeader } from './page-header';
import { Pagination } from './pagination';

describe('PageHeader', () => {
  it('renders a real h1, subtitle, actions and a back link', async () => {
    const { user, location } = renderWithPortal(
      <PageHeader title="Invoices" subtitle="All your invoices" actions={<button>Add</button>} backTo="/dashboard" />,
      { route: '/invoices' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByText('All your invoices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(location()).toBe('/dashboard');
  });
  it('has no back link without backTo, and translates in German', () => {
    renderWithPortal(<PageHeader title="Rechnungen" backTo="/x" />, { language: 'de' });
    expect(screen.getByRole('link', { name: 'Zurück' })).toBeInTheDocument();
  });
});

describe('ErrorPanel', () => {
  it('shows title and message and retries', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithPortal(<ErrorPanel message="Network request failed" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByText('Network request failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
  it("tells a failed request's error by its message", () => {
    renderWithPortal(<ErrorPanel title="Could not load" error={{ status: 500 }} />);
    expect(
      within(screen.getByRole('alert')).getByText('Something went wrong on our side. Please try again later.'),
    ).toBeInTheDocument();
  });
  it("shows a failed request's support code (its X-Request-Id) under the message, in both languages", () => {
    const error = new ApiError(500, 'internal-error', 'Internal Server Error', undefined, 'req-4f2a-77');
    const { unmount } = renderWithPortal(<ErrorPanel title="Could not load" error={error} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side. Please try again later.')).toBeInTheDocument();
    expect(within(alert).getByText('Support code: req-4f2a-77')).toBeInTheDocument();
    unmount();
    renderWithPortal(<ErrorPanel error={error} />, { language: 'de' });
    expect(within(screen.getByRole('alert')).getByText('Support-Code: req-4f2a-77')).toBeInTheDocument();
  });
  it('shows no support code without a failed request that names one', () => {
    renderWithPortal(<ErrorPanel message="x" error={{ status: 500 }} />);
    expect(within(screen.getByRole('alert')).queryByText(/Support code/)).not.toBeInTheDocument();
  });
  it('has no retry button without onRetry', () => {
    renderWithPortal(<ErrorPanel title="Oops" message="x" />);
    expect(screen.getByText('Oops')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('EmptyState and LoadingState', () => {
  it('EmptyState shows a default title, message and action', () => {
    renderWithPortal(<EmptyState message="No invoices yet" action={<button>Buy</button>} />);
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeInTheDocument();
  });
  it('LoadingState is a polite status', () => {
    renderWithPortal(<LoadingState />, { language: 'de' });
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen…');
  });
});

describe('Pagination', () => {
  function Harness({ total }: { total: number }) {
    const [page, setPage] = useState(1);
    return <Pagination page={page} pageSize={10} total={total} onChange={setPage} />;
  }
  it('shows the range and moves between pages', async () => {
    const { user } = renderWithPortal(<Harness total={25} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('1–10 of 25');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(nav).toHaveTextContent('21–25 of 25');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(nav).toHaveTextContent('11–20 of 25');
  });
  it('disables both buttons when empty', () => {
    renderWithPortal(<Harness total={0} />, { language: 'de' });
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toHaveTextContent('0–0 von 0');
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });
});

describe('ConfirmDialog', () => {
  it('confirms and cancels', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { user } = renderWithPortal(
      <ConfirmDialog
        open
        title="Delete user?"
        message="This cannot be undone."
        destructive
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete user?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
  it('disables buttons while busy and renders nothing when closed', () => {
    const { rerender } = renderWithPortal(<ConfirmDialog open busy onConfirm={jest.fn()} onCancel={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    rerender(<ConfirmDialog open={false} onConfirm={jest.fn()} onCancel={jest.fn()} />);
  });
});
