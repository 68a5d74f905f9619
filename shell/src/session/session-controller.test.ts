import { createFakeHttp, type FakeHttp, type FakeRequest } from '@portal/shared/testing';
import { activeLicense, apiError, apiUser, completeContact } from '../testing/fixtures';
import { createFakeIdentity, makeUser } from '../testing/fake-identity';
import { createSessionController } from './session-controller';
import { createSessionStore } from './session-store';
import { createTokenProvider } from './token-provider';

const EMAIL = 'seller@shop.test';

/** Lets the promise chains between timers run (token → poll → data calls). */
async function flush() {
  for (let i = 0; i < 10; i++) await jest.advanceTimersByTimeAsync(0);
}

async function advance(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
  await flush();
}

function withDataRoutes(http: FakeHttp): FakeHttp {
  return http
    .on('GET /user/profile/contact', completeContact(EMAIL))
    .on('GET /user/profile/avv-accepted-date', { avvAcceptedDate: '2026-01-02T00:00:00.000Z', version: '1' })
    .on('GET /user/profile/language', { language: 'en' })
    .on('GET /user/ds', () => {
      throw apiError(404, 'data-source-not-found');
    })
    .on('GET /license/all', { items: [activeLicense('mobile')], total: 1, page: 1, pageSize: 100 })
    .on('GET /subscription/overage/pending', { subscriptions_to_approve: [{ id: 'sub-1' }] });
}

function setup({ foundOnAttempt }: { foundOnAttempt: number }) {
  const identity = createFakeIdentity(makeUser(EMAIL));
  const store = createSessionStore();
  let attempts = 0;
  const http = withDataRoutes(createFakeHttp()).on('GET /user', () => {
    attempts += 1;
    if (attempts < foundOnAttempt) throw apiError(404, 'user-not-found');
    return apiUser(EMAIL);
  });
  const controller = createSessionController({ identity, http, store, log: () => undefined });
  const expired = jest.fn();
  const tokens = createTokenProvider({ identity, store, onExpired: expired, log: () => undefined });
  const userPolls = () => http.calls.filter((request) => request.method === 'GET' && request.path === '/user').length;
  return { identity, store, http, controller, userPolls, tokens, expired };
}

describe('sign-in bootstrap', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls the backend user 3 times 2000 ms apart, then every 2000 ms until found, then loads the data', async () => {
    const { store, controller, userPolls } = setup({ foundOnAttempt: 6 });
    controller.start();
    await flush();
    expect(store.getState().token).toBe(`token-uid-${EMAIL}`);
    expect(userPolls()).toBe(1);

    await advance(1999);
    expect(userPolls()).toBe(1);
    await advance(1);
    expect(userPolls()).toBe(2);
    await advance(2000);
    expect(userPolls()).toBe(3);
    expect(store.getState().ready).toBe(false);

    // After the first three tries it keeps polling at the same 2000 ms pace.
    await advance(1999);
    expect(userPolls()).toBe(3);
    await advance(1);
    expect(userPolls()).toBe(4);
    await advance(2000);
    expect(userPolls()).toBe(5);
    await advance(2000);
    expect(userPolls()).toBe(6);

    const state = store.getState();
    expect(state.ready).toBe(true);
    expect(state.apiUser?.email).toBe(EMAIL);
    expect(state.initialized).toBe(true);
    expect(state.profile?.avv.isAccepted).toBe(true);
    expect(state.profile?.language).toBe('en');
    expect(state.dataSource).toBeNull();
    expect(state.licenses).toHaveLength(1);
    expect(state.pendingOverage).toEqual([{ id: 'sub-1' }]);

    await advance(10_000);
    expect(userPolls()).toBe(6);
  });

  it('stops after the 3 tries on an error other than "not found" and marks the user part failed', async () => {
    const { http, store, controller, userPolls } = setup({ foundOnAttempt: 1 });
    http.on('GET /user', () => {
      throw apiError(500, 'internal');
    });
    controller.start();
    await flush();
    await advance(2000);
    await advance(2000);
    expect(userPolls()).toBe(3);
    expect(store.getState()).toMatchObject({ failedParts: ['user'], apiUser: null, ready: false, initialized: false });
    await advance(20_000);
    expect(userPolls()).toBe(3);

    // Retry runs the bootstrap again and loads the data.
    http.on('GET /user', apiUser(EMAIL));
    await controller.refresh('user');
    await flush();
    expect(store.getState()).toMatchObject({ failedParts: [], ready: true, initialized: true });
  });

  it('stops at once for an inactive account and flags it', async () => {
    const { http, store, controller, userPolls } = setup({ foundOnAttempt: 1 });
    http.on('GET /user', () => {
      throw apiError(403, 'account-inactive', 'Your account is inactive. Contact your administrator');
    });
    controller.start();
    await flush();
    await advance(10_000);
    expect(userPolls()).toBe(1);
    expect(store.getState()).toMatchObject({ accountInactive: true, ready: false, initialized: false });
  });

  it('creates the missing api user after a half-failed registration (identity account, GET /user not found)', async () => {
    const { http, store, controller, userPolls } = setup({ foundOnAttempt: 99 });
    http.on('POST /user', ({ body }: FakeRequest) => ({ ...apiUser(EMAIL), id: (body as { Id: string }).Id }));
    controller.start();
    await flush();
    await advance(2000);
    expect(http.calls.filter((request) => request.method === 'POST')).toHaveLength(0);
    await advance(2000);
    expect(userPolls()).toBe(3);
    expect(http.calls.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { Id: `uid-${EMAIL}`, Email: EMAIL },
    ]);
    expect(store.getState()).toMatchObject({ ready: true, initialized: true });
    expect(store.getState().apiUser?.id).toBe(`uid-${EMAIL}`);
  });

  it('asks for licenses page 1 size 100', async () => {
    const { http, controller } = setup({ foundOnAttempt: 1 });
    controller.start();
    await flush();
    expect(http.calls.find((request) => request.path === '/license/all')?.query).toEqual({
      page: '1',
      pageSize: '100',
    });
    expect(http.calls.find((request) => request.path === '/user')?.query).toEqual({ userEmail: EMAIL });
  });

  it('stops polling when the user signs out', async () => {
    const { identity, store, controller, userPolls } = setup({ foundOnAttempt: 99 });
    controller.start();
    await flush();
    await advance(2000);
    await advance(2000);
    expect(userPolls()).toBe(3);
    await controller.signOut();
    await advance(20_000);
    expect(userPolls()).toBe(3);
    expect(identity.calls).toContain('signOut');
    expect(store.getState()).toMatchObject({ user: null, token: null, ready: false, initialized: false });
  });

  it('is not initialised when the data-source call is Unauthorized', async () => {
    const { http, store, controller } = setup({ foundOnAttempt: 1 });
    http.on('GET /user/ds', () => {
      throw apiError(401, 'unable-to-verify-jwt');
    });
    controller.start();
    await flush();
    expect(store.getState().ready).toBe(true);
    expect(store.getState().dataLoaded).toBe(true);
    expect(store.getState().initialized).toBe(false);
  });

  it('is not initialised when one of the calls fails', async () => {
    const { http, store, controller } = setup({ foundOnAttempt: 1 });
    http.on('GET /user/profile/contact', () => {
      throw apiError(500, 'internal');
    });
    controller.start();
    await flush();
    expect(store.getState().initialized).toBe(false);
    expect(store.getState().licenses).toHaveLength(1);
  });

  it('lists the parts that failed to load and drops a part once a refresh loads it', async () => {
    const { http, store, controller } = setup({ foundOnAttempt: 1 });
    http.on('GET /user/profile/contact', () => {
      throw apiError(500, 'internal');
    });
    controller.start();
    await flush();
    expect(store.getState()).toMatchObject({ failedParts: ['profile'], profile: null, initialized: false });

    await expect(controller.refresh('profile')).resolves.toBeUndefined();
    expect(store.getState().failedParts).toEqual(['profile']);

    http.on('GET /user/profile/contact', completeContact(EMAIL));
    await controller.refresh('profile');
    expect(store.getState()).toMatchObject({ failedParts: [], initialized: true });
    expect(store.getState().profile?.contact.email).toBe(EMAIL);
  });

  it('lists an Unauthorized data source as failed', async () => {
    const { http, store, controller } = setup({ foundOnAttempt: 1 });
    http.on('GET /user/ds', () => {
      throw apiError(401, 'unable-to-verify-jwt');
    });
    controller.start();
    await flush();
    expect(store.getState().failedParts).toEqual(['dataSource']);
  });

  it('clears the session and signs out when the token cannot be read (auth init error)', async () => {
    const { identity, store, controller, userPolls } = setup({ foundOnAttempt: 1 });
    identity.failNext('getIdToken', 'auth/network-request-failed');
    controller.start();
    await flush();
    expect(identity.calls).toContain('signOut');
    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      ready: false,
      initialized: false,
      authResolved: true,
    });
    expect(userPolls()).toBe(0);
  });

  it('refresh(part) reloads only that part', async () => {
    const { http, store, controller } = setup({ foundOnAttempt: 1 });
    controller.start();
    await flush();
    http.on('GET /subscription/overage/pending', { subscriptions_to_approve: [] });
    const before = http.calls.length;
    await controller.refresh('pendingOverage');
    expect(http.calls.slice(before).map((request) => request.path)).toEqual(['/subscription/overage/pending']);
    expect(store.getState().pendingOverage).toEqual([]);
  });

  it('refreshToken forces a new token and stores it', async () => {
    const { store, controller, tokens } = setup({ foundOnAttempt: 1 });
    controller.start();
    await flush();
    await expect(tokens.refreshToken()).resolves.toBe(`token-uid-${EMAIL}-fresh`);
    expect(store.getState().token).toBe(`token-uid-${EMAIL}-fresh`);
  });
});

describe('session expired flag', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a failed refresh sets the flag and signs out; the flag outlives the sign-out and clears on the next sign-in', async () => {
    const { identity, store, controller, tokens, expired } = setup({ foundOnAttempt: 1 });
    controller.start();
    await flush();
    expect(store.getState()).toMatchObject({ initialized: true, sessionExpired: false });

    await tokens.onRefreshFailed();
    expect(expired).toHaveBeenCalledTimes(1);
    await flush();
    expect(identity.calls).toContain('signOut');
    expect(store.getState()).toMatchObject({
      sessionExpired: true,
      user: null,
      token: null,
      ready: false,
      initialized: false,
    });

    await identity.signIn(EMAIL, 'secret1');
    expect(store.getState().sessionExpired).toBe(false);
    await flush();
    expect(store.getState()).toMatchObject({ initialized: true, token: `token-uid-${EMAIL}` });
  });
});
