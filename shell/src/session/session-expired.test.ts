// An expired session with the real http client of @portal/shared over a fake fetch, the real stores and a fake identity.
import { createHttpClient } from '@portal/shared';
import { createShellI18n } from '../testing/shell-i18n';
import { createFakeFetch, jwtRejected, type FakeFetch } from '../testing/fake-fetch';
import { createFakeIdentity, makeUser } from '../testing/fake-identity';
import { apiUser, completeContact } from '../testing/fixtures';
import { testConfig } from '../testing/render-shell';
import { createShell } from '../composition/create-shell';

const EMAIL = 'seller@shop.test';
const EXPIRED = 'Session expired. Please login again.';

function withBackend(fake: FakeFetch): FakeFetch {
  return fake
    .on('GET /user', { status: 200, body: apiUser(EMAIL) })
    .on('GET /user/profile/contact', { status: 200, body: completeContact(EMAIL) })
    .on('GET /user/profile/avv-accepted-date', { status: 200, body: { avvAcceptedDate: null, version: null } })
    .on('GET /user/profile/language', { status: 200, body: { language: 'en' } })
    .on('GET /user/ds', { status: 404, body: { message: 'Data source not found', slug: 'data-source-not-found' } })
    .on('GET /license/all', { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } })
    .on('GET /subscription/overage/pending', { status: 200, body: { subscriptions_to_approve: [] } })
    .on('GET /portal/registry', { status: 200, body: { entries: [] } });
}

function setup(signedIn = true) {
  const identity = createFakeIdentity(signedIn ? makeUser(EMAIL) : null);
  const fake = withBackend(createFakeFetch());
  const runtime = createShell({
    config: testConfig,
    identity,
    i18n: createShellI18n('en'),
    remoteLoader: { load: () => new Promise(() => undefined) },
    createHttp: (hooks) => createHttpClient({ ...hooks, fetchImpl: fake.fetch }),
  });
  const session = runtime.stores.session;
  const notifications = () =>
    runtime.stores.notifications.getState().notifications.map(({ type, title, message }) => ({ type, title, message }));
  const dataLoaded = () =>
    new Promise<void>((resolve) => {
      if (session.getState().dataLoaded) return resolve();
      const stop = session.subscribe((state) => state.dataLoaded && (stop(), resolve()));
    });
  return { identity, fake, runtime, session, notifications, dataLoaded };
}

describe('session expired', () => {
  beforeEach(() => {
    window.localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('a failed token refresh flags the session expired, signs out and shows the error notification once', async () => {
    const { identity, fake, runtime, session, notifications, dataLoaded } = setup();
    runtime.start();
    await dataLoaded();
    expect(session.getState()).toMatchObject({ initialized: true, sessionExpired: false });

    fake.on('GET /license/all', jwtRejected).on('GET /user/profile/contact', jwtRejected);
    identity.failNext('getIdToken:force', 'auth/user-token-expired');
    const results = await Promise.allSettled([
      runtime.services.http.get('/license/all'),
      runtime.services.http.get('/user/profile/contact'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    expect(identity.calls).toEqual(expect.arrayContaining(['getIdToken:force', 'signOut']));
    expect(session.getState()).toMatchObject({
      sessionExpired: true,
      user: null,
      token: null,
      ready: false,
      initialized: false,
    });
    expect(notifications()).toEqual([{ type: 'error', title: 'Error', message: EXPIRED }]);
  });

  it('while flagged every call throws the message without reaching the api; the next sign-in clears the flag', async () => {
    const { identity, fake, runtime, session, dataLoaded } = setup();
    runtime.start();
    await dataLoaded();
    fake.on('GET /license/all', jwtRejected);
    identity.failNext('getIdToken:force', 'auth/user-token-expired');
    await expect(runtime.services.http.get('/license/all')).rejects.toThrow();
    expect(session.getState().sessionExpired).toBe(true);

    const sent = fake.calls.length;
    await expect(runtime.services.http.get('/user/profile/contact')).rejects.toThrow(EXPIRED);
    await expect(runtime.services.http.put('/user/profile/language', { language: 'de' })).rejects.toThrow(EXPIRED);
    expect(fake.calls).toHaveLength(sent);

    fake.on('GET /license/all', { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } });
    await identity.signIn(EMAIL, 'secret1');
    expect(session.getState().sessionExpired).toBe(false);
    await dataLoaded();
    expect(session.getState()).toMatchObject({ initialized: true, sessionExpired: false });
    await expect(runtime.services.http.get('/license/all')).resolves.toMatchObject({ items: [] });
    expect(fake.calls.at(-1)).toMatchObject({ path: '/license/all', authorization: `Bearer token-uid-${EMAIL}` });
  });

  it('the flag does not block the backend call of a new registration', async () => {
    const { identity, fake, runtime, session, dataLoaded } = setup();
    runtime.start();
    await dataLoaded();
    fake.on('GET /license/all', jwtRejected);
    identity.failNext('getIdToken:force', 'auth/user-token-expired');
    await expect(runtime.services.http.get('/license/all')).rejects.toThrow();
    expect(session.getState().sessionExpired).toBe(true);

    fake.on('POST /user', { status: 201, body: apiUser('new@shop.test') });
    await runtime.account.register('new@shop.test', 'secret1');
    expect(fake.calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/user' }));
    expect(session.getState().sessionExpired).toBe(false);
  });

  it('a failed refresh with nobody signed in is no expired session', async () => {
    const { fake, runtime, session, notifications } = setup(false);
    runtime.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.on('GET /portal/registry', jwtRejected);
    await expect(runtime.services.http.get('/portal/registry')).rejects.toThrow();
    expect(session.getState().sessionExpired).toBe(false);
    expect(notifications()).toEqual([]);
    await expect(runtime.services.http.get('/user/profile/language')).resolves.toEqual({ language: 'en' });
  });
});
