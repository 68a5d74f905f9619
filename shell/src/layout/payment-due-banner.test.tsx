import { act, screen, waitFor, within } from '@testing-library/react';
import type { License } from '@portal/shared/domain';
import { apiUser } from '../testing/fixtures';
import { renderShell, SELLER } from '../testing/render-shell';

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const ddmmyyyy = (value: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(value));

/** A Fresh Desk subscription whose renewal charge failed: its period ended `endedDaysAgo`, the grace ends in `graceDays`. */
function declined(endedDaysAgo: number, graceDays: number, status: 'Inactive' | 'Expired' = 'Inactive'): License {
  return {
    id: 'lic-fd',
    productId: 'fresh_desk-basic-monthly',
    productName: 'Fresh Desk Basic',
    pluginName: 'fresh_desk',
    key: 'FD-DUE-0001',
    status: 'active',
    licenseCreated: iso(-60),
    licenseExpired: iso(-endedDaysAgo),
    paymentGraceUntil: iso(graceDays),
    licenseTypeDetails: { type: 'subscription' },
    licenseUser: [],
    priceNetto: { amount: 1990, currency: 'EUR' },
    subscription: {
      id: 'sub-fd',
      status,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: iso(-endedDaysAgo),
      renewalInvoice: { id: 'inv-renewal', paymentUrl: '/api/payment/sandbox/ref-renewal' },
    },
  };
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('the failed-payment banner', () => {
  it('says until when the license works and opens the invoice payment with "Pay now"; paid → gone', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const popup = { closed: false } as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    try {
      const license = declined(2, 12);
      const view = renderShell({ licenses: [license] });
      const banner = await region('Open payments');
      const alert = within(banner).getByRole('alert');
      expect(alert).toHaveTextContent('The renewal payment for Fresh Desk Basic failed');
      expect(alert).toHaveTextContent(`The license keeps working until ${ddmmyyyy(license.paymentGraceUntil!)}.`);
      await view.userEvent.click(within(banner).getByRole('button', { name: 'Pay now for Fresh Desk Basic' }));
      expect(open).toHaveBeenCalledWith('/api/payment/sandbox/ref-renewal', 'portal-payment', expect.any(String));

      // Paid in the window: the licenses reload without the open invoice and the banner goes.
      view.http.on('GET /license/all', {
        items: [
          {
            ...license,
            licenseExpired: iso(28),
            paymentGraceUntil: null,
            subscription: { ...license.subscription!, status: 'Active', renewalInvoice: null },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      });
      (popup as { closed: boolean }).closed = true;
      act(() => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Open payments' })).toBeNull());
    } finally {
      open.mockRestore();
      jest.useRealTimers();
    }
  });

  it('in German after the grace: the license is suspended, "Jetzt bezahlen" still pays', async () => {
    renderShell({ language: 'de', licenses: [declined(20, -6, 'Expired')] });
    const banner = await region('Offene Zahlungen');
    const alert = within(banner).getByRole('alert');
    expect(alert).toHaveTextContent('Fresh Desk Basic ist gesperrt: Zahlung überfällig');
    expect(alert).toHaveTextContent('Sobald Sie die offene Rechnung bezahlen, funktioniert sie sofort wieder.');
    expect(within(banner).getByRole('button', { name: 'Jetzt bezahlen für Fresh Desk Basic' })).toHaveTextContent(
      'Jetzt bezahlen',
    );
  });

  it('warns when the browser blocks the payment window', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const view = renderShell({ licenses: [declined(1, 13)] });
      const banner = await region('Open payments');
      await view.userEvent.click(within(banner).getByRole('button', { name: 'Pay now for Fresh Desk Basic' }));
      expect(
        await screen.findByText('Your browser has blocked the pop-up. Please allow pop-ups to continue payment.'),
      ).toBeInTheDocument();
    } finally {
      open.mockRestore();
    }
  });

  it('shows a sub-user the state without the button, and nothing when no payment is open', async () => {
    const first = renderShell({ apiUser: apiUser(SELLER, 'parent-uid'), licenses: [declined(1, 13)] });
    const banner = await region('Open payments');
    expect(within(banner).getByRole('alert')).toHaveTextContent('Only the main user of the account can pay.');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    first.unmount();

    const paid = { ...declined(1, 13), subscription: { ...declined(1, 13).subscription!, renewalInvoice: null } };
    const second = renderShell({ licenses: [paid] });
    await waitFor(() => expect(second.runtime.stores.session.getState().dataLoaded).toBe(true));
    await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Open payments' })).toBeNull();
  });
});
