import { createShellI18n } from '../testing/shell-i18n';
import { createFakeHttp } from '@portal/shared/testing';
import { createFakeIdentity, makeUser } from '../testing/fake-identity';
import { apiUser } from '../testing/fixtures';
import { testConfig } from '../testing/render-shell';
import type { HttpClientConfig } from '@portal/shared';
import { createShell } from './create-shell';

const EMAIL = 'seller@shop.test';

function setup() {
  const identity = createFakeIdentity(makeUser(EMAIL));
  const http = createFakeHttp()
    .on('GET /user', apiUser(EMAIL))
    .on('DELETE /user', undefined as unknown as object);
  let hooks: HttpClientConfig | undefined;
  const runtime = createShell({
    config: testConfig,
    identity,
    i18n: createShellI18n('en'),
    remoteLoader: { load: () => new Promise(() => undefined) },
    createHttp: (given) => {
      hooks = given;
      return http;
    },
  });
  return { runtime, identity, http, hooks: () => hooks! };
}

describe('shell runtime services', () => {
  // These tests leave the data-initialisation calls unanswered; their warnings are expected noise here.
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('deleteAccount deletes the api user by email, then signs out', async () => {
    const { runtime, identity, http } = setup();
    runtime.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await runtime.services.identity.deleteAccount();
    const request = http.calls.find((r) => r.method === 'DELETE');
    expect(request).toMatchObject({ path: '/user', query: { email: EMAIL } });
    expect(identity.calls).toContain('signOut');
    expect(runtime.stores.session.getState().user).toBeNull();
  });

  it('reloadUser reloads the identity user and forces a token refresh', async () => {
    const { runtime, identity } = setup();
    runtime.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const user = await runtime.services.identity.reloadUser();
    expect(user?.email).toBe(EMAIL);
    expect(identity.calls).toEqual(expect.arrayContaining(['reloadUser', 'getIdToken:force']));
    expect(runtime.stores.session.getState().token).toBe(`token-uid-${EMAIL}-fresh`);
  });

  it('gives the http client the token, a forced refresh, a sign-out hook and the session-expired flag', async () => {
    const { runtime, identity, hooks } = setup();
    runtime.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hooks().baseUrl).toBe('/api');
    const { tokens } = hooks();
    await expect(tokens.getToken()).resolves.toBe(`token-uid-${EMAIL}`);
    await expect(tokens.refreshToken()).resolves.toBe(`token-uid-${EMAIL}-fresh`);
    expect(tokens.isSessionExpired()).toBe(false);
    await tokens.onRefreshFailed();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(identity.calls).toContain('signOut');
    expect(runtime.stores.session.getState()).toMatchObject({ user: null, token: null });
    expect(tokens.isSessionExpired()).toBe(true);
  });
});
