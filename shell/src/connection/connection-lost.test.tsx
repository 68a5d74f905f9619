import { screen, waitFor, within } from '@testing-library/react';
import { createHttpClient } from '@portal/shared';
import { createFakeFetch } from '../testing/fake-fetch';
import { apiUser, completeContact } from '../testing/fixtures';
import { renderShell, SELLER } from '../testing/render-shell';

// When the api cannot be reached the shell says so (banner + the page's own panel) instead of a blank
// page, keeps probing, and reloads what failed as soon as the api answers again. The real http client of
// @portal/shared runs over a fetch that can be "unplugged".

function backend() {
  let down = false;
  const fake = createFakeFetch()
    .on('GET /health', { status: 200, body: { status: 'healthy' } })
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
  const attempts: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    attempts.push(
      `${init?.method ?? 'GET'} ${
        String(input)
          .replace(/^\/api/, '')
          .split('?')[0]
      }`,
    );
    if (down) throw new TypeError('Failed to fetch');
    return fake.fetch(input, init);
  }) as typeof fetch;
  return {
    fetchImpl,
    attempts,
    unplug: () => (down = true),
    plugIn: () => (down = false),
  };
}

function renderOffline(language: 'en' | 'de', probeMs: number) {
  const api = backend();
  api.unplug();
  const view = renderShell({
    language,
    connectionProbeMs: probeMs,
    createHttp: (hooks) => createHttpClient({ ...hooks, fetchImpl: api.fetchImpl, retryDelayMs: 1 }),
  });
  return { ...view, api };
}

beforeEach(() => {
  window.localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('connection lost', () => {
  it.each([
    ['en', 'Connection lost', 'Your account could not be loaded: the server cannot be reached.', 'Dashboard'],
    [
      'de',
      'Verbindung unterbrochen',
      'Ihr Konto konnte nicht geladen werden: Der Server ist nicht erreichbar.',
      'Dashboard',
    ],
  ] as const)(
    'says so instead of a blank page and recovers by itself when the api answers again (%s)',
    async (language, title, panel, heading) => {
      const view = renderOffline(language, 50);
      expect(await screen.findByText(title, undefined, { timeout: 5000 })).toBeInTheDocument();
      // The api user is polled 3 times, 2 s apart, before the page says it could not be loaded.
      expect(await screen.findByText(panel, undefined, { timeout: 10_000 })).toBeInTheDocument();
      // The GET of the api user was sent twice (one retry) before the shell gave up on it.
      expect(view.api.attempts.filter((a) => a === 'GET /user').length).toBeGreaterThanOrEqual(2);

      view.api.plugIn();
      expect(await screen.findByRole('heading', { name: heading }, { timeout: 3000 })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
      expect(screen.queryByText(panel)).not.toBeInTheDocument();
      expect(view.runtime.stores.session.getState().failedParts).toEqual([]);
    },
    20_000,
  );

  it('"Try again now" probes the api at once (no waiting for the next automatic probe)', async () => {
    const view = renderOffline('en', 60_000);
    const alert = (await screen.findByText('Connection lost', undefined, { timeout: 5000 })).closest(
      '[role="alert"]',
    ) as HTMLElement;
    view.api.plugIn();
    await view.userEvent.click(within(alert).getByRole('button', { name: 'Try again now' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Connection lost')).not.toBeInTheDocument();
    expect(view.api.attempts).toContain('GET /health');
  });

  it('a GET that fails once and then answers shows nothing (the client retried it)', async () => {
    const api = backend();
    let failures = 1;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/user') && failures-- > 0) throw new TypeError('Failed to fetch');
      return api.fetchImpl(input, init);
    }) as typeof fetch;
    const view = renderShell({
      language: 'en',
      createHttp: (hooks) => createHttpClient({ ...hooks, fetchImpl: flaky, retryDelayMs: 1 }),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Connection lost')).not.toBeInTheDocument();
    expect(view.runtime.stores.connection.getState().lost).toBe(false);
  });
});
