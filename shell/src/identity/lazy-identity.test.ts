import { createFakeHttp } from '@portal/shared/testing';
import type { AuthUser } from '@portal/shared/domain';
import { createFakeIdentity, makeUser, type FakeIdentity } from '../testing/fake-identity';
import { createSessionController } from '../session/session-controller';
import { createSessionStore } from '../session/session-store';
import { createLazyIdentity, SESSION_HINT_KEY, type LazyIdentityDeps } from './lazy-identity';

const EMAIL = 'seller@shop.test';

/** Lets queued microtasks and promise chains run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup({ stored = null as AuthUser | null, deps = {} as Partial<LazyIdentityDeps> } = {}) {
  const real = createFakeIdentity(stored);
  const load = jest.fn(() => Promise.resolve<FakeIdentity>(real));
  const log = jest.fn();
  const lazy = createLazyIdentity({ load, log, mayHoldSession: () => Promise.resolve(false), ...deps });
  const states: Array<string | null> = [];
  const subscribe = () => lazy.onAuthStateChanged((user) => states.push(user ? user.email : null));
  return { real, load, log, lazy, states, subscribe };
}

beforeEach(() => window.localStorage.clear());

describe('lazy identity at boot', () => {
  it('without the session hint: signed out at once, no token, and the SDK is not loaded', async () => {
    const { lazy, load, states, subscribe } = setup();
    subscribe();
    await settle();
    expect(states).toEqual([null]);
    await expect(lazy.getIdToken()).resolves.toBeNull();
    await expect(lazy.reloadUser()).resolves.toBeNull();
    expect(lazy.currentUser()).toBeNull();
    await lazy.signOut();
    expect(load).not.toHaveBeenCalled();
  });

  it('with the hint: loads the SDK, which reports the stored user and gives its token', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    const { lazy, load, states, subscribe } = setup({ stored: makeUser(EMAIL) });
    expect(load).toHaveBeenCalledTimes(1);
    subscribe();
    await expect(lazy.getIdToken()).resolves.toBe(`token-uid-${EMAIL}`);
    await settle();
    expect(states).toEqual([EMAIL]);
    expect(lazy.currentUser()?.email).toBe(EMAIL);
  });

  it('a stale hint is corrected by the SDK: nobody signed in, and the next boot does not load it', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    const { states, subscribe } = setup();
    subscribe();
    await settle();
    expect(states).toEqual([null]);
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('0');
    expect(setup().load).not.toHaveBeenCalled();
  });

  it('without any hint yet, loads the SDK when it may still hold a session (signed in before the hint existed)', async () => {
    const { load, states, subscribe } = setup({
      stored: makeUser(EMAIL),
      deps: { mayHoldSession: () => Promise.resolve(true) },
    });
    subscribe();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(states).toEqual([EMAIL]);
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
  });
});

describe('lazy identity on use', () => {
  it('loads the SDK on sign-in and attaches the earlier subscribers, so the session controller learns of it', async () => {
    const { lazy, load, real } = setup();
    const store = createSessionStore();
    const http = createFakeHttp().on('GET /user', () => new Promise(() => undefined));
    createSessionController({ identity: lazy, http, store, log: () => undefined }).start();
    await settle();
    expect(store.getState()).toMatchObject({ authResolved: true, user: null });
    expect(load).not.toHaveBeenCalled();

    await lazy.signIn(EMAIL, 'secret1');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.calls).toContain('signIn');
    expect(store.getState()).toMatchObject({ user: { email: EMAIL }, token: `token-uid-${EMAIL}` });
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
  });

  it('loads the SDK once for sign-up, password reset and verification, and once for many prefetches', async () => {
    const { lazy, load, real } = setup();
    lazy.prefetch?.();
    lazy.prefetch?.();
    await lazy.sendPasswordReset(EMAIL);
    await lazy.signUp(EMAIL, 'secret1');
    await lazy.sendEmailVerification();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.calls).toEqual([`sendPasswordReset:${EMAIL}`, 'signUp', 'sendEmailVerification']);
  });

  it('sign-out clears the hint and signs out of the SDK', async () => {
    const { lazy, real, states, subscribe } = setup();
    subscribe();
    await lazy.signIn(EMAIL, 'secret1');
    await settle();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('1');

    await lazy.signOut();
    await settle();
    expect(real.calls).toContain('signOut');
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('0');
    expect(states.at(-1)).toBeNull();
  });

  it('stops calling a subscriber after it unsubscribed, before and after the load', async () => {
    const { lazy, states, subscribe } = setup();
    const stop = subscribe();
    stop();
    await lazy.signIn(EMAIL, 'secret1');
    await settle();
    expect(states).toEqual([]);
  });

  it('a failed chunk load rejects the sign-in with its error, and the next try loads again', async () => {
    const chunkError = new Error('Loading chunk firebase-identity failed.');
    const real = createFakeIdentity();
    const load = jest.fn<Promise<FakeIdentity>, []>().mockRejectedValueOnce(chunkError).mockResolvedValue(real);
    const lazy = createLazyIdentity({ load, mayHoldSession: () => Promise.resolve(false), log: () => undefined });

    await expect(lazy.signIn(EMAIL, 'secret1')).rejects.toBe(chunkError);
    await expect(lazy.signIn(EMAIL, 'secret1')).resolves.toMatchObject({ email: EMAIL });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed load at boot leaves the visitor signed out (public pages render) and keeps the hint', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    const log = jest.fn();
    const lazy = createLazyIdentity({ load: () => Promise.reject(new Error('offline')), log });
    const states: Array<AuthUser | null> = [];
    lazy.onAuthStateChanged((user) => states.push(user));
    await settle();
    expect(states).toEqual([null]);
    expect(log).toHaveBeenCalledWith('Loading the identity service (session hint) failed', expect.any(Error));
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
  });

  it('follows a sign-in in another tab (the hint changes to 1)', async () => {
    const { load } = setup();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: '1' }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
