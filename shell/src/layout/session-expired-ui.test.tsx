import { act, screen, waitFor, within } from '@testing-library/react';
import { createHttpClient } from '@portal/shared';
import { createFakeFetch, jwtRejected } from '../testing/fake-fetch';
import { apiUser, completeContact } from '../testing/fixtures';
import { renderShell, SELLER } from '../testing/render-shell';

function backend() {
  return createFakeFetch()
    .on('GET /user', { status: 200, body: apiUser(SELLER) })
    .on('GET /user/profile/contact', { status: 200, body: completeContact(SELLER) })
    .on('GET /user/profile/avv-accepted-date', {
      status: 200,
      body: { avvAcceptedDate: '2026-01-01T00:00:00.000Z', version: '1' },
    })
    .on('GET /user/profile/language', { status: 200, body: { language: 'de' } })
    .on('GET /user/ds', {
      status: 200,
      body: { host: 'db', port: 1433, database: 'shop', user: 'sa', userEmails: [], status: 'active' },
    })
    .on('GET /license/all', { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } })
    .on('GET /subscription/overage/pending', { status: 200, body: { subscriptions_to_approve: [] } })
    .on('GET /portal/registry', { status: 200, body: { entries: [] } });
}

async function expireWhileOnDashboard(language: 'en' | 'de') {
  const fake = backend();
  const view = renderShell({ language, createHttp: (hooks) => createHttpClient({ ...hooks, fetchImpl: fake.fetch }) });
  await waitFor(() => expect(view.runtime.stores.session.getState().initialized).toBe(true));
  expect(view.router.state.location.pathname).toBe('/dashboard');

  fake.on('GET /license/all', jwtRejected);
  view.identity.failNext('getIdToken:force', 'auth/user-token-expired');
  await act(() => view.runtime.session.refresh('licenses').catch(() => undefined));
  return view;
}

beforeEach(() => {
  window.localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('session expired screen flow', () => {
  it('goes to /login and shows the error notification', async () => {
    const view = await expireWhileOnDashboard('en');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const alert = within(notifications).getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Session expired. Please login again.');
  });

  it('shows the message in German', async () => {
    await expireWhileOnDashboard('de');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Benachrichtigungen' })).getByRole('alert')).toHaveTextContent(
      'Sitzung abgelaufen. Bitte melden Sie sich erneut an.',
    );
  });
});
