// Renders the real shell (routes, providers, stores) with fake identity, http and remote loader.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import type { HttpClient, HttpClientConfig, PortalRemote, RegistryEntry } from '@portal/shared';
import type { ApiUser, AuthUser, License, Profile } from '@portal/shared/domain';
import type { PortalConfig } from '../config/portal-config';
import type { IdentityGateway } from '../identity/identity-gateway';
import { createShellI18n } from './shell-i18n';
import type { RemoteLoader } from '../remotes/remote-loader';
import { ROUTER_FUTURE } from '../routes/router-options';
import { createShellRoutes } from '../routes/shell-routes';
import { LANGUAGE_STORAGE_KEY, readStoredLanguage } from '../preferences/preferences-store';
import { createShell } from '../composition/create-shell';
import { ShellApp } from '../shell-app';
import { createFakeHttp, type FakeHttp, type FakeRequest } from '@portal/shared/testing';
import { createFakeIdentity, makeUser, type FakeIdentity } from './fake-identity';
import { apiError, apiUser as makeApiUser, completeContact } from './fixtures';
import { avvUpToDate } from './avv-fixtures';

export const testConfig: PortalConfig = {
  apiBaseUrl: '/api',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
  authEmulatorUrl: null,
  links: {
    imprint: 'https://example.test/imprint',
    privacy: 'https://example.test/privacy',
    terms: 'https://example.test/terms',
    contactEmail: 'help@example.test',
  },
};

export interface RenderShellOptions {
  route?: string;
  /** Signed-in identity user; null = signed out. */
  user?: AuthUser | null;
  apiUser?: ApiUser;
  profile?: Partial<Profile> & { avvAcceptedDate?: string | null };
  dataSource?: object | null;
  licenses?: License[];
  pendingOverage?: { id: string }[];
  entries?: RegistryEntry[];
  remoteLoader?: RemoteLoader;
  /** Language stored before boot; default 'en' so tests read English labels. */
  language?: 'en' | 'de' | null;
  http?: FakeHttp;
  /** Builds the runtime's http client instead of `http` (e.g. the real client over a fake fetch). */
  createHttp?: (config: HttpClientConfig) => HttpClient;
  /** Pause between probes of the api while the connection is lost. */
  connectionProbeMs?: number;
  /** The gateway the shell gets in front of the fake identity (e.g. the lazy gateway loading it). */
  wrapIdentity?: (fake: FakeIdentity) => IdentityGateway;
  /** What a sign-in form starts loading on intent. */
  preloadSignedIn?: () => void;
  /** The routes rendered (default: the portal's, createShellRoutes). */
  routes?: () => RouteObject[];
}

export const SELLER = 'seller@shop.test';

/** Default loader: a remote route just keeps loading (tests that care pass their own loader). */
export function pendingLoader(): RemoteLoader {
  return { load: () => new Promise(() => undefined) };
}

export function loaderOf(remotes: Record<string, PortalRemote>): RemoteLoader {
  return {
    load: (entry) =>
      remotes[entry.remote]
        ? Promise.resolve(remotes[entry.remote])
        : Promise.reject(new Error(`unknown ${entry.remote}`)),
  };
}

export function renderShell(options: RenderShellOptions = {}) {
  const { route = '/dashboard', language = 'en' } = options;
  if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const user = options.user === undefined ? makeUser(SELLER) : options.user;
  const email = user?.email ?? SELLER;
  const identity = createFakeIdentity(user);
  const http = options.http ?? createFakeHttp();
  // Routes a test set on its own http stay; these answer the rest.
  const answer = (key: string, response: unknown) => http.has(key) || http.on(key, response);
  answer('GET /user', options.apiUser ?? makeApiUser(email));
  answer('GET /user/profile/contact', options.profile?.contact ?? completeContact(email));
  answer('GET /user/profile/avv-accepted-date', {
    avvAcceptedDate:
      options.profile && 'avvAcceptedDate' in options.profile
        ? options.profile.avvAcceptedDate
        : '2026-01-01T00:00:00.000Z',
    version: '1',
  });
  answer('GET /user/profile/language', { language: 'de' });
  answer('PUT /user/profile/language', (request: FakeRequest) => request.body);
  answer(
    'GET /user/ds',
    options.dataSource === undefined
      ? { host: 'db', port: 1433, database: 'shop', user: 'sa', userEmails: [], status: 'active' }
      : (options.dataSource ??
          (() => {
            throw apiError(404, 'data-source-not-found');
          })),
  );
  answer('GET /license/all', {
    items: options.licenses ?? [],
    total: options.licenses?.length ?? 0,
    page: 1,
    pageSize: 100,
  });
  answer('GET /subscription/overage/pending', { subscriptions_to_approve: options.pendingOverage ?? [] });
  answer('GET /portal/registry', { entries: options.entries ?? [] });
  answer('GET /avv/current', avvUpToDate());
  const redirect = jest.fn();
  const runtime = createShell({
    config: testConfig,
    identity: options.wrapIdentity?.(identity) ?? identity,
    createHttp: options.createHttp ?? (() => http),
    remoteLoader: options.remoteLoader ?? pendingLoader(),
    i18n: createShellI18n(readStoredLanguage()),
    redirect,
    connectionProbeMs: options.connectionProbeMs,
    preloadSignedIn: options.preloadSignedIn,
    // Asked once the registry has loaded, when the router below exists.
    currentPath: () => router.state.location.pathname,
  });
  const router = createMemoryRouter((options.routes ?? createShellRoutes)(), {
    initialEntries: [route],
    future: ROUTER_FUTURE,
  });
  const view = render(<ShellApp shell={runtime} router={router} />);
  return { ...view, runtime, router, identity, http, redirect, userEvent: userEvent.setup() };
}
