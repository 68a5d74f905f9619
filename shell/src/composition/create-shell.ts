// The composition root: builds every shell service once (bootstrap.tsx, or per test with fakes) and wires them.
import type { i18n as I18n } from 'i18next';
import { createLoadingStore, createNotificationStore, type HttpClient, type HttpClientConfig } from '@portal/shared';
import { createAccountOperations } from '../account/account-operations';
import { createConnectionStore } from '../connection/connection-store';
import type { PortalConfig } from '../config/portal-config';
import type { IdentityGateway } from '../identity/identity-gateway';
import { createPreferencesStore, type PreferencesOptions } from '../preferences/preferences-store';
import { saveServerLanguage, watchServerLanguage } from '../preferences/server-language';
import { createRegistryStore, loadRegistry } from '../remotes/registry-store';
import type { RemoteLoader } from '../remotes/remote-loader';
import {
  createRemoteModulesStore,
  describeRemotes,
  loadRemoteOfPage,
  settleRemoteModule,
} from '../remotes/remote-modules-store';
import { createSessionController } from '../session/session-controller';
import { createSessionStore } from '../session/session-store';
import { createTokenProvider } from '../session/token-provider';
import {
  authApiRef,
  connectionRef,
  linksRef,
  loadingStateRef,
  notificationsRef,
  redirectRef,
  registryApiRef,
  remotesApiRef,
  sessionStateRef,
  shellApi,
  type ShellApiRef,
  type ShellApis,
} from '../shell-api/shell-apis';

export interface ShellDeps {
  config: PortalConfig;
  identity: IdentityGateway;
  createHttp(config: HttpClientConfig): HttpClient;
  remoteLoader: RemoteLoader;
  i18n: I18n;
  /** Leaves the portal for an external page (payment provider); tests pass a spy. */
  redirect?(url: string): void;
  /** Starts loading the signed-in pages ahead of a sign-in (on intent in an auth form); nothing by default. */
  preloadSignedIn?(): void;
  /** Pause between probes of the api while the connection is lost (default 5 s; tests shorten it). */
  connectionProbeMs?: number;
  /** The path of the page being shown (default: the browser's; tests with a memory router pass theirs). */
  currentPath?(): string;
  /** Language and theme to start with instead of the stored ones (the build's drawing of /login). */
  preferences?: PreferencesOptions['initial'];
}

export function createShell(deps: ShellDeps) {
  const { identity, i18n } = deps;
  const sessionStore = createSessionStore();
  const notificationStore = createNotificationStore();
  const loadingStore = createLoadingStore();
  const registryStore = createRegistryStore();
  const remoteModules = createRemoteModulesStore();
  const notify = notificationStore.notifier;
  const loading = loadingStore.counter;

  const tokens = createTokenProvider({
    identity,
    store: sessionStore,
    onExpired: () =>
      notify.error({
        title: i18n.t('notification_error', { ns: 'shell' }),
        message: i18n.t('session_expired', { ns: 'common' }),
      }),
  });
  // Set below: the connection monitor probes through the http client, which reports to the monitor.
  let restore = () => undefined as void;
  const connection = createConnectionStore({
    probe: () => http.get('/health', { silent: true }),
    onRestored: () => restore(),
    intervalMs: deps.connectionProbeMs,
  });
  const http = deps.createHttp({
    baseUrl: deps.config.apiBaseUrl,
    tokens,
    loading,
    connection: connection.reporter,
  });
  const controller = createSessionController({ identity, http, store: sessionStore });
  const account = createAccountOperations({
    identity,
    http,
    session: controller,
    tokens,
    preloadSignedIn: deps.preloadSignedIn,
  });
  const preferencesStore = createPreferencesStore({
    onLanguageChosen: (language) => void saveServerLanguage(http, sessionStore, language, console.warn),
    initial: deps.preferences,
  });
  const reloadRegistry = () => loadRegistry(registryStore, http);
  // The api answers again: reload what failed meanwhile (the session's failed parts, the registry).
  restore = () => {
    const { failedParts, user, token } = sessionStore.getState();
    for (const part of failedParts) void controller.refresh(part);
    if (user && token && registryStore.getState().status === 'error') void reloadRegistry();
  };

  const apis: ShellApis = new Map<ShellApiRef<unknown>, unknown>([
    shellApi(authApiRef, account),
    shellApi(sessionStateRef, sessionStore),
    shellApi(registryApiRef, { state: registryStore, reload: reloadRegistry }),
    shellApi(remotesApiRef, {
      loader: deps.remoteLoader,
      modules: remoteModules,
      settle: (name, remote) => settleRemoteModule(remoteModules, i18n, name, remote),
    }),
    shellApi(notificationsRef, notificationStore),
    shellApi(loadingStateRef, loadingStore),
    shellApi(linksRef, deps.config.links),
    shellApi(connectionRef, { store: connection.store, retryNow: connection.retryNow }),
    shellApi(redirectRef, deps.redirect ?? ((url: string) => window.location.assign(url))),
  ]);

  /** Starts the identity subscription and loads the registry for every newly signed-in user. */
  function start(): () => void {
    const stopSession = controller.start();
    const stopConnection = connection.start();
    const stopLanguage = watchServerLanguage(sessionStore, preferencesStore, http, console.warn);
    let registryFor: string | null = null;
    const stopRegistry = sessionStore.subscribe((state) => {
      const uid = state.token && state.user ? state.user.uid : null;
      if (uid === registryFor) return;
      registryFor = uid;
      if (uid) void reloadRegistry();
      else registryStore.setState({ status: 'idle', entries: [], error: null });
    });
    // Every listed remote's nav entries and card texts, and the code of the remote whose page is open.
    const currentPath = deps.currentPath ?? (() => window.location.pathname);
    const stopDescribe = registryStore.subscribe((state, previous) => {
      if (state.entries === previous.entries) return;
      const remotes = { loader: deps.remoteLoader, i18n, store: remoteModules };
      loadRemoteOfPage(state.entries, currentPath(), remotes);
      describeRemotes(state.entries, remotes);
    });
    return () => {
      stopSession();
      stopLanguage();
      stopRegistry();
      stopDescribe();
      stopConnection();
    };
  }

  return {
    apis,
    i18n,
    /** The services of the @portal/shared contract that do not change with state. */
    services: { http, notify, loading, identity: account.identity, links: deps.config.links },
    session: controller,
    account,
    tokens,
    start,
    stores: {
      session: sessionStore,
      preferences: preferencesStore,
      notifications: notificationStore,
      loading: loadingStore,
      registry: registryStore,
      connection: connection.store,
      remoteModules,
    },
  };
}

export type Shell = ReturnType<typeof createShell>;
