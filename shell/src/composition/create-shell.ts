// Everything the shell owns at runtime, built once at boot (bootstrap.tsx) or per test with fakes.
import type { i18n as I18n } from 'i18next';
import {
  createLoadingStore,
  createNotificationStore,
  type HttpClient,
  type Identity,
  type LoadingCounter,
} from '@portal/shared';
import type { AuthUser } from '@portal/shared/domain';
import type { PortalConfig } from '../config/portal-config';
import type { IdentityGateway } from '../identity/identity-gateway';
import type { RemoteLoader } from '../remotes/remote-loader';
import { prefetchRemotes } from '../remotes/prefetch-remotes';
import { createRegistryStore, loadRegistry } from '../remotes/registry-store';
import { createSessionController } from '../session/session-controller';
import { createSessionStore } from '../session/session-store';
import { createPreferencesStore } from '../preferences/preferences-store';
import { saveServerLanguage, watchServerLanguage } from '../preferences/server-language';

export interface HttpHooks {
  baseUrl: string;
  getToken(): Promise<string | null>;
  /** Force-refreshes the token after a 401 unable-to-verify-jwt. */
  refreshToken(): Promise<string | null>;
  /** The refresh failed: the session expires (spec §7/§8). */
  onSignOut(): void;
  /** While true every call throws 'Session expired. Please login again.' */
  isSessionExpired(): boolean;
  loading: LoadingCounter;
}

export interface ShellDeps {
  config: PortalConfig;
  identity: IdentityGateway;
  createHttp(hooks: HttpHooks): HttpClient;
  remoteLoader: RemoteLoader;
  i18n: I18n;
  /** Leaves the portal for an external page (payment provider); tests pass a spy. */
  redirect?(url: string): void;
  /** Load the registry's remotes in idle time after sign-in (bootstrap turns it on; off in tests). */
  prefetchRemotes?: boolean;
}

export class BackendUserCreationError extends Error {
  constructor(cause?: unknown) {
    super('Failed to create user on backend');
    this.cause = cause;
  }
}

export function createShellRuntime(deps: ShellDeps) {
  const sessionStore = createSessionStore();
  const preferencesStore = createPreferencesStore({
    onLanguageChosen: (language) => void saveServerLanguage(http, sessionStore, language, console.warn),
  });
  const notificationStore = createNotificationStore();
  const loadingStore = createLoadingStore();
  const registryStore = createRegistryStore();
  const loading = loadingStore.counter;
  const notify = notificationStore.notifier;

  // The http client and the session controller need each other; the hooks resolve `controller` lazily.
  let controller: ReturnType<typeof createSessionController>;
  const http = deps.createHttp({
    baseUrl: deps.config.apiBaseUrl,
    getToken: () => controller.getToken(),
    refreshToken: () => controller.refreshToken(),
    onSignOut: () =>
      void expireSession().catch((error: unknown) =>
        console.warn('Sign-out after the failed token refresh failed', error),
      ),
    isSessionExpired: () => sessionStore.getState().sessionExpired,
    loading,
  });
  controller = createSessionController({ identity: deps.identity, http, store: sessionStore });

  /** Spec §7/§8: a failed token refresh flags the session expired, signs out and tells the user once. */
  async function expireSession() {
    const { user, sessionExpired } = sessionStore.getState();
    // Nobody signed in (a call made after sign-out): nothing expired, just make sure the identity is signed out too.
    if (!user) return controller.signOut();
    if (sessionExpired) return;
    notify.error({
      title: deps.i18n.t('notification_error', { ns: 'shell' }),
      message: deps.i18n.t('session_expired', { ns: 'common' }),
    });
    // RequireAuth sends the now signed-out user to /login.
    await controller.expire();
  }

  const identity: Identity = {
    sendVerificationEmail: () => deps.identity.sendEmailVerification(),
    async reloadUser() {
      const user = await deps.identity.reloadUser();
      await controller.refreshToken();
      if (user) controller.setUser(user);
      return user;
    },
    sendPasswordReset: (email) => deps.identity.sendPasswordReset(email),
    async deleteAccount() {
      const email = sessionStore.getState().user?.email ?? '';
      await http.del<void>('/user', undefined, { query: { email } });
      await controller.signOut();
    },
    signOut: () => controller.signOut(),
  };

  /** Spec §4 registration order: identity account → backend user → set user → verification email. */
  async function register(email: string, password: string): Promise<AuthUser> {
    const user = await deps.identity.signUp(email, password);
    // The sign-up is a sign-in: an expired session must not block the backend call below.
    sessionStore.setState({ sessionExpired: false });
    try {
      await http.post('/user', { Id: user.uid, Email: user.email || email });
    } catch (error) {
      throw new BackendUserCreationError(error);
    }
    controller.setUser(user);
    await deps.identity.sendEmailVerification();
    return user;
  }

  /** Starts the identity subscription and loads the registry for every newly signed-in user. */
  function start(): () => void {
    const stopSession = controller.start();
    const stopLanguage = watchServerLanguage(sessionStore, preferencesStore, http, console.warn);
    let registryFor: string | null = null;
    const stopRegistry = sessionStore.subscribe((state) => {
      const uid = state.token && state.user ? state.user.uid : null;
      if (uid === registryFor) return;
      registryFor = uid;
      if (uid) void loadRegistry(registryStore, http);
      else registryStore.setState({ status: 'idle', entries: [], error: null });
    });
    let cancelPrefetch = () => undefined as void;
    const stopPrefetch = registryStore.subscribe((state, previous) => {
      if (!deps.prefetchRemotes || state.entries === previous.entries) return;
      cancelPrefetch();
      cancelPrefetch = prefetchRemotes(state.entries, deps.remoteLoader);
    });
    return () => {
      stopSession();
      stopLanguage();
      stopRegistry();
      stopPrefetch();
      cancelPrefetch();
    };
  }

  return {
    ...deps,
    redirect: deps.redirect ?? ((url: string) => window.location.assign(url)),
    http,
    notify,
    loading,
    identityService: identity,
    controller,
    register,
    start,
    reloadRegistry: () => loadRegistry(registryStore, http),
    stores: {
      session: sessionStore,
      preferences: preferencesStore,
      notifications: notificationStore,
      loading: loadingStore,
      registry: registryStore,
    },
  };
}

export type ShellRuntime = ReturnType<typeof createShellRuntime>;
