import { ApiError } from '@portal/shared';
import { demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import remote from '../../../remote';
import { licenseFixture, licensePage } from '../../../testing/license-fixture';
import { LicensesPage } from './licenses-page';

const now = new Date('2026-03-10T12:00:00.000Z');
const running = licenseFixture({
  id: 'lic-sub',
  productName: 'Fresh Desk Basic',
  licenseExpired: '2026-04-01T12:00:00.000Z',
  subscription: {
    id: 'sub-1',
    status: 'Active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
  },
});
const free = licenseFixture({ id: 'lic-free', productName: 'Mobile App Free', subscription: null });

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<LicensesPage now={now} />, {
    route: '/licenses',
    path: '/licenses',
    translations: [remote],
    ...options,
    http: { 'GET /license/all': licensePage([running, free]), ...options.http },
  });
}

/** The page with `running` cancelled at its period end; `resume` answers the request that takes that back. */
function renderCancelled(resume: unknown, options: Parameters<typeof renderWithPortal>[1] = {}) {
  const cancelled = { ...running, subscription: { ...running.subscription!, cancelAtPeriodEnd: true } };
  return renderPage({
    ...options,
    http: { 'GET /license/all': licensePage([cancelled, free]), 'POST /subscription/:id/resume': resume },
  });
}

describe('subscriptions on /licenses', () => {
  it('cancels at the end of the period after a confirm that says until when it stays usable', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      http: {
        'POST /subscription/:id/cancel': { currentPeriodEnd: '2026-04-01T12:00:00.000Z', cancelAtPeriodEnd: true },
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Renews on 01.04.2026')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Cancel the subscription of Fresh Desk Basic' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Fresh Desk Basic?' });
    expect(within(confirm).getByText(/You can keep using it until 01\.04\.2026/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(http.callsTo('POST /subscription/:id/cancel')).toHaveLength(1));
    expect(http.callsTo('POST /subscription/:id/cancel')[0].path).toBe('/subscription/sub-1/cancel');
    expect(notify.last('success')?.message).toBe('It stays usable until 01.04.2026 and is not renewed.');
    await waitFor(() => expect(http.callsTo('GET /license/all')).toHaveLength(2));
  });

  it('takes a cancellation back while the period lasts, and says so in German', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderCancelled(
      { currentPeriodEnd: '2026-04-01T12:00:00.000Z', cancelAtPeriodEnd: false },
      { language: 'de' },
    );
    const table = await screen.findByRole('table', { name: 'Ihre Lizenzen' });
    expect(within(table).getByText('Gekündigt, nutzbar bis 01.04.2026')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Kündigung von Fresh Desk Basic zurücknehmen' }));
    await waitFor(() => expect(http.callsTo('POST /subscription/:id/resume')).toHaveLength(1));
    expect(http.callsTo('POST /subscription/:id/resume')[0].path).toBe('/subscription/sub-1/resume');
    expect(notify.last('success')?.title).toBe('Kündigung zurückgenommen');
    await waitFor(() => expect(http.callsTo('GET /license/all')).toHaveLength(2));
  });

  it('tells the seller when the cancellation could not be taken back', async () => {
    const user = userEvent.setup();
    const { notify } = renderCancelled(() => {
      throw new ApiError(409, 'subscription-not-active', 'over');
    });
    await user.click(await screen.findByRole('button', { name: 'Undo the cancellation of Fresh Desk Basic' }));
    await waitFor(() => expect(notify.last('error')?.title).toBe('The cancellation could not be taken back'));
  });

  it('keeps the subscription when the seller changes their mind, and explains a refusal in German', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      language: 'de',
      http: {
        'POST /subscription/:id/cancel': () => {
          throw new ApiError(409, 'subscription-not-active', 'ended');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Abonnement von Fresh Desk Basic kündigen' }));
    await user.click(screen.getByRole('button', { name: 'Abonnement behalten' }));
    expect(http.callsTo('POST /subscription/:id/cancel')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Abonnement von Fresh Desk Basic kündigen' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Fresh Desk Basic kündigen?' })).getByRole('button', {
        name: 'Abonnement kündigen',
      }),
    );
    await waitFor(() => expect(notify.last('error')?.message).toBe('Dieses Abonnement ist bereits beendet.'));
  });

  it('shows a cancelled subscription with its end date, and no cancel button to a sub-user', async () => {
    renderPage({
      session: { apiUser: demoSubApiUser() },
      http: {
        'GET /license/all': licensePage([
          running,
          {
            ...running,
            id: 'lic-2',
            productName: 'GPSR Basic',
            subscription: { ...running.subscription!, id: 'sub-2', cancelAtPeriodEnd: true },
          },
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Cancelled, usable until 01.04.2026')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Cancel the subscription/ })).not.toBeInTheDocument();
  });
});

const declined = licenseFixture({
  id: 'lic-declined',
  productName: 'Fresh Desk Basic',
  licenseExpired: '2026-03-15T12:00:00.000Z',
  paymentGraceUntil: '2026-03-29T12:00:00.000Z',
  subscription: {
    id: 'sub-3',
    status: 'Inactive',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-03-15T12:00:00.000Z',
    renewalInvoice: { id: 'inv-9', paymentUrl: '/api/payment/sandbox/ref-9' },
  },
});

/** Narrow screens (390 px): every media query of the theme's `down('sm')` matches. */
function asPhone() {
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
  return () => {
    window.matchMedia = original;
  };
}

describe('a declined renewal payment on /licenses', () => {
  it('tells the seller until when the license works and opens the payment window with "Pay now"', async () => {
    jest.useFakeTimers();
    const popup = { closed: false } as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    try {
      const fakes = renderPage({
        http: { 'GET /license/all': licensePage([declined]) },
        session: { licenses: [declined] },
      });
      // The failed payment is the portal's banner (the shell), not a second alert on this page.
      const table = await screen.findByRole('table', { name: 'Your licenses' });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(within(table).getByText('Payment failed')).toBeInTheDocument();
      expect(within(table).getByText('Usable until 29.03.2026')).toBeInTheDocument();
      expect(within(table).queryByRole('button', { name: /Cancel the subscription/ })).not.toBeInTheDocument();

      fireEvent.click(within(table).getByRole('button', { name: 'Pay the renewal of Fresh Desk Basic now' }));
      expect(open).toHaveBeenCalledWith(
        '/api/payment/sandbox/ref-9',
        'portal-payment',
        expect.stringContaining('width=1000'),
      );
      (popup as { closed: boolean }).closed = true;
      act(() => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(fakes.http.callsTo('GET /license/all')).toHaveLength(2));
      expect(fakes.session.refreshed).toContain('licenses');
    } finally {
      open.mockRestore();
      jest.useRealTimers();
    }
  });

  it('warns in German when the browser blocks the payment window', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const { notify } = renderPage({ language: 'de', http: { 'GET /license/all': licensePage([declined]) } });
      fireEvent.click(await screen.findByRole('button', { name: 'Verlängerung von Fresh Desk Basic jetzt bezahlen' }));
      expect(notify.last('warning')?.message).toBe(
        'Ihr Browser hat das Pop-up blockiert. Bitte erlauben Sie Pop-ups, um mit der Zahlung fortzufahren.',
      );
    } finally {
      open.mockRestore();
    }
  });

  it('says "payment overdue" once the payment grace is over, and still offers "Pay now"', async () => {
    const overdue = { ...declined, subscription: { ...declined.subscription!, status: 'Expired' as const } };
    renderWithPortal(<LicensesPage now={new Date('2026-04-02T12:00:00.000Z')} />, {
      route: '/licenses',
      path: '/licenses',
      translations: [remote],
      http: { 'GET /license/all': licensePage([overdue]) },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Payment overdue')).toBeInTheDocument();
    expect(within(table).queryByText(/Usable until/)).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Pay the renewal of Fresh Desk Basic now' })).toBeEnabled();
  });

  it('shows the state but no "Pay now" to a sub-user', async () => {
    renderPage({ session: { apiUser: demoSubApiUser() }, http: { 'GET /license/all': licensePage([declined]) } });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Payment failed')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Pay the renewal/ })).not.toBeInTheDocument();
  });
});

describe('/licenses on a 390 px screen', () => {
  it('shows one card per license with status and renewal as labelled lines, no sideways table', async () => {
    const restore = asPhone();
    try {
      renderPage();
      const list = await screen.findByRole('list', { name: 'Your licenses' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [sub, freeCard] = within(list).getAllByRole('listitem');
      expect(within(sub).getByRole('heading', { name: 'Fresh Desk Basic' })).toBeInTheDocument();
      const terms = within(sub)
        .getAllByRole('term')
        .map((el) => el.textContent);
      expect(terms).toEqual(['License type', 'Status', 'Registered at', 'Renewal']);
      expect(within(sub).getByText('Renews on 01.04.2026')).toBeInTheDocument();
      expect(within(sub).getByText(/^Expires on 01\.04\.2026/)).toBeInTheDocument();
      expect(
        within(sub).getByRole('button', { name: 'Cancel the subscription of Fresh Desk Basic' }),
      ).toBeInTheDocument();
      expect(within(freeCard).getByText('Does not renew')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('cancels from the card in German with the date it stays usable until', async () => {
    const restore = asPhone();
    const user = userEvent.setup();
    try {
      const { http } = renderPage({
        language: 'de',
        http: {
          'POST /subscription/:id/cancel': { currentPeriodEnd: '2026-04-01T12:00:00.000Z', cancelAtPeriodEnd: true },
        },
      });
      const list = await screen.findByRole('list', { name: 'Ihre Lizenzen' });
      expect(
        within(list)
          .getAllByRole('term')
          .map((el) => el.textContent),
      ).toContain('Verlängerung');
      expect(within(list).getByText('Verlängert sich am 01.04.2026')).toBeInTheDocument();
      await user.click(within(list).getByRole('button', { name: 'Abonnement von Fresh Desk Basic kündigen' }));
      const confirm = screen.getByRole('dialog', { name: 'Fresh Desk Basic kündigen?' });
      expect(within(confirm).getByText(/bis zum 01\.04\.2026 weiter nutzen/)).toBeInTheDocument();
      await user.click(within(confirm).getByRole('button', { name: 'Abonnement kündigen' }));
      await waitFor(() => expect(http.callsTo('POST /subscription/:id/cancel')).toHaveLength(1));
    } finally {
      restore();
    }
  });
});

const downgraded = licenseFixture({
  ...running,
  id: 'lic-downgraded',
  productName: 'Fresh Desk Optimal',
  subscription: {
    ...running.subscription!,
    scheduledChange: {
      productId: 'fresh_desk-basic-monthly',
      productName: 'Fresh Desk Basic',
      effectiveAt: '2026-04-01T12:00:00.000Z',
    },
  },
});

describe('a plan change waiting for the period end on /licenses', () => {
  it('names the new plan and the date next to the renewal, and a subscription without one says nothing', async () => {
    renderPage({ http: { 'GET /license/all': licensePage([downgraded, running]) } });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    const [, changing, plain] = within(table).getAllByRole('row');
    expect(within(changing).getByText('Changes to Fresh Desk Basic on 01.04.2026')).toBeInTheDocument();
    expect(within(changing).getByText('Renews on 01.04.2026')).toBeInTheDocument();
    expect(
      within(changing).getByRole('button', { name: 'Cancel the subscription of Fresh Desk Optimal' }),
    ).toBeInTheDocument();
    expect(within(plain).queryByText(/Changes to/)).not.toBeInTheDocument();
  });

  it('says it in German on the 390 px card', async () => {
    const restore = asPhone();
    try {
      renderPage({ language: 'de', http: { 'GET /license/all': licensePage([downgraded]) } });
      const list = await screen.findByRole('list', { name: 'Ihre Lizenzen' });
      const [card] = within(list).getAllByRole('listitem');
      expect(within(card).getByText('Wechsel zu Fresh Desk Basic am 01.04.2026')).toBeInTheDocument();
      expect(within(card).getByText('Verlängert sich am 01.04.2026')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('keeping the current plan', () => {
  it('takes back the waiting change and reloads the list', async () => {
    const user = userEvent.setup();
    const { http, notify } = renderPage({
      http: {
        'GET /license/all': licensePage([downgraded]),
        'DELETE /subscription/:id/scheduled-change': { approval_url: null },
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    const keep = within(table).getByRole('button', { name: 'Keep Fresh Desk Optimal instead of changing the plan' });
    expect(keep).toHaveTextContent('Keep current plan');
    await user.click(keep);
    await waitFor(() => expect(http.callsTo('DELETE /subscription/:id/scheduled-change')).toHaveLength(1));
    expect(http.callsTo('DELETE /subscription/:id/scheduled-change')[0].path).toBe(
      '/subscription/sub-1/scheduled-change',
    );
    expect(notify.last('success')).toMatchObject({
      title: 'Your plan stays',
      message: 'Fresh Desk Optimal renews as before.',
    });
    await waitFor(() => expect(http.callsTo('GET /license/all')).toHaveLength(2));
  });

  it('says in German when PayPal has to confirm the price again', async () => {
    const user = userEvent.setup();
    const { notify } = renderPage({
      language: 'de',
      http: {
        'GET /license/all': licensePage([downgraded]),
        'DELETE /subscription/:id/scheduled-change': { approval_url: 'https://www.paypal.com/webapps/x' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Ihre Lizenzen' });
    const keep = within(table).getByRole('button', { name: 'Fresh Desk Optimal behalten statt den Plan zu wechseln' });
    expect(keep).toHaveTextContent('Aktuellen Plan behalten');
    await user.click(keep);
    await waitFor(() => expect(notify.last('success')?.title).toBe('Ihr Plan bleibt'));
    expect(notify.last('success')?.message).toMatch(/sobald Sie den Preis noch einmal bei PayPal bestätigt haben/);
  });

  it('a failed request says so and changes nothing', async () => {
    const user = userEvent.setup();
    const { notify } = renderPage({
      http: {
        'GET /license/all': licensePage([downgraded]),
        'DELETE /subscription/:id/scheduled-change': new ApiError(
          502,
          'payment-provider-error',
          'The payment provider could not change the subscription',
        ),
      },
    });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    await user.click(
      within(table).getByRole('button', { name: 'Keep Fresh Desk Optimal instead of changing the plan' }),
    );
    await waitFor(() => expect(notify.last('error')?.title).toBe('The plan change could not be taken back'));
    expect(within(table).getByText('Changes to Fresh Desk Basic on 01.04.2026')).toBeInTheDocument();
  });

  it('a sub-user sees the change but no button', async () => {
    renderPage({ session: { apiUser: demoSubApiUser() }, http: { 'GET /license/all': licensePage([downgraded]) } });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    expect(within(table).getByText('Changes to Fresh Desk Basic on 01.04.2026')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /instead of changing the plan/ })).not.toBeInTheDocument();
  });
});

describe('a new price that waits for the seller at PayPal', () => {
  const approval = 'https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-0000000000000000';
  const waiting = licenseFixture({
    ...downgraded,
    subscription: { ...downgraded.subscription!, providerApprovalUrl: approval },
  });

  it('offers the main user the link to PayPal beside the change it waits for; a sub-user sees only why', async () => {
    renderPage({ http: { 'GET /license/all': licensePage([waiting, running]) } });
    const table = await screen.findByRole('table', { name: 'Your licenses' });
    const [, changing, plain] = within(table).getAllByRole('row');
    expect(within(changing).getByText('Changes to Fresh Desk Basic on 01.04.2026')).toBeInTheDocument();
    expect(
      within(changing).getByText('PayPal bills the new price only after you confirm it there.'),
    ).toBeInTheDocument();
    const link = within(changing).getByRole('link', { name: 'Confirm the new price of Fresh Desk Optimal at PayPal' });
    expect(link).toHaveAttribute('href', approval);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(plain).queryByRole('link', { name: /PayPal/ })).not.toBeInTheDocument();
  });

  it('says it in German on the 390 px card, and a sub-user gets no link', async () => {
    const restore = asPhone();
    try {
      renderPage({
        language: 'de',
        session: { apiUser: demoSubApiUser() },
        http: { 'GET /license/all': licensePage([waiting]) },
      });
      const list = await screen.findByRole('list', { name: 'Ihre Lizenzen' });
      const [card] = within(list).getAllByRole('listitem');
      expect(
        within(card).getByText('PayPal berechnet den neuen Preis erst, wenn Sie ihn dort bestätigt haben.'),
      ).toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: /PayPal/ })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
