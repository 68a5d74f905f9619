// The language save with the real http client: it must never move the global loading counter (no spinner).
import { createHttpClient } from '@portal/shared';
import { createShellI18n } from '../testing/shell-i18n';
import { createFakeFetch } from '../testing/fake-fetch';
import { createFakeIdentity, makeUser } from '../testing/fake-identity';
import { apiUser } from '../testing/fixtures';
import { testConfig } from '../testing/render-shell';
import { createShell } from '../composition/create-shell';

const EMAIL = 'seller@shop.test';

function setup(answer: { status: number; body?: unknown }) {
  const fake = createFakeFetch()
    .on('GET /user', { status: 200, body: apiUser(EMAIL) })
    .on('PUT /user/profile/language', answer);
  const runtime = createShell({
    config: testConfig,
    identity: createFakeIdentity(makeUser(EMAIL)),
    i18n: createShellI18n('de'),
    remoteLoader: { load: () => new Promise(() => undefined) },
    createHttp: (hooks) => createHttpClient({ ...hooks, fetchImpl: fake.fetch }),
  });
  let maxLoading = 0;
  runtime.stores.loading.subscribe((state) => (maxLoading = Math.max(maxLoading, state.count)));
  const saved = () => fake.calls.filter((call) => call.method === 'PUT' && call.path === '/user/profile/language');
  return { fake, runtime, saved, maxLoading: () => maxLoading, resetLoading: () => (maxLoading = 0) };
}

/** Signed in and the session's data load finished (its calls do use the spinner). */
async function signedIn(runtime: ReturnType<typeof setup>['runtime']) {
  runtime.start();
  const session = runtime.stores.session;
  await new Promise<void>((resolve) => {
    if (session.getState().dataLoaded) return resolve();
    const stop = session.subscribe((state) => state.dataLoaded && (stop(), resolve()));
  });
}

describe('saving the language on the server', () => {
  beforeEach(() => {
    window.localStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends PUT /user/profile/language with the bearer token and without the spinner', async () => {
    const { runtime, saved, maxLoading, resetLoading } = setup({ status: 200, body: { language: 'en' } });
    await signedIn(runtime);
    expect(runtime.stores.loading.getState().count).toBe(0);
    resetLoading();
    runtime.stores.preferences.getState().setLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved()).toEqual([
      { method: 'PUT', path: '/user/profile/language', authorization: `Bearer token-uid-${EMAIL}` },
    ]);
    expect(maxLoading()).toBe(0);

    // Choosing the language already shown is no switch.
    runtime.stores.preferences.getState().setLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved()).toHaveLength(1);
  });

  it('logs a failed save and keeps the new language', async () => {
    const { runtime, saved } = setup({ status: 503, body: { message: 'Service Unavailable', slug: 'unavailable' } });
    await signedIn(runtime);
    expect(() => runtime.stores.preferences.getState().setLanguage('en')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved()).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith(
      'Saving the language on the server failed',
      expect.objectContaining({ status: 503 }),
    );
    expect(runtime.stores.preferences.getState().language).toBe('en');
    expect(window.localStorage.getItem('portal.language')).toBe('en');
  });
});
