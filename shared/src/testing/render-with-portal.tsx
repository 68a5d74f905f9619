import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { ROUTER_FUTURE } from '../remote/router-future';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { addRemoteTranslations, createPortalI18n } from '../i18n/create-i18n';
import { commonResources } from '../i18n/common-translations';
import { PortalRemoteRoutes } from '../remote/portal-remote-routes';
import type { PortalRemote } from '../remote/types';
import { PortalServicesProvider } from '../services/context';
import { demoLinks } from './demo-data';
import type { PortalServices } from '../services/contract';
import { PortalThemeProvider } from '../theme/theme-provider';
import type { Language, Theme } from '../domain/types';
import { createFakeHttp, type FakeHttp, type FakeRoutes } from './fake-http';
import {
  createFakeIdentity,
  createFakeLoading,
  createFakeNotify,
  createFakePreferences,
  createFakeSession,
  type FakeIdentity,
  type FakeLoading,
  type FakeNotify,
  type FakePreferences,
  type FakeSession,
  type FakeSessionInput,
} from './fakes';

export interface RenderWithPortalOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Replace any service (e.g. your own http). Unreplaced ones are fakes. */
  services?: Partial<PortalServices>;
  /** Routes for the default fake http: { 'GET /user/subusers': [...] }. */
  http?: FakeRoutes;
  /** Initial URL, default '/'. */
  route?: string;
  /** Render `ui` as the element of this route pattern (for useParams), e.g. '/features/gpsr/product/edit/:productId'. */
  path?: string;
  /** Default 'en'. */
  language?: Language;
  theme?: Theme;
  /** Merged into the fake session. */
  session?: FakeSessionInput;
  /** Translation bundles to register, e.g. [{ id: 'gpsr', translations: { en, de } }] or your remote definition. */
  translations?: Pick<PortalRemote, 'id' | 'translations'>[];
}

export interface PortalFakes {
  services: PortalServices;
  /** The fake http, or your own `services.http` when you passed one. */
  http: FakeHttp;
  notify: FakeNotify;
  session: FakeSession;
  loading: FakeLoading;
  identity: FakeIdentity;
  preferences: FakePreferences;
  i18n: I18n;
}

export type RenderWithPortalResult = RenderResult &
  PortalFakes & {
    user: ReturnType<typeof userEvent.setup>;
    /** Current router location as 'pathname?search' (follows navigation). */
    location(): string;
  };

function LocationSpy({ onChange }: { onChange: (location: string) => void }) {
  const location = useLocation();
  onChange(location.pathname + location.search);
  return null;
}

/** Builds the services + i18n used by renderWithPortal (also handy for hook tests with renderHook). */
export function createPortalFakes(options: Omit<RenderWithPortalOptions, 'route' | 'path'> = {}): PortalFakes {
  const http = createFakeHttp(options.http);
  const notify = createFakeNotify();
  const session = createFakeSession(options.session);
  const loading = createFakeLoading();
  const identity = createFakeIdentity(session.user);
  const preferences = createFakePreferences({ language: options.language ?? 'en', theme: options.theme ?? 'light' });
  const services: PortalServices = {
    http,
    notify,
    session,
    loading,
    identity,
    preferences,
    links: demoLinks(),
    ...options.services,
  };
  const i18n = createPortalI18n({ language: options.language ?? 'en', resources: commonResources() });
  for (const bundle of options.translations ?? []) addRemoteTranslations(i18n, bundle);
  return {
    services,
    http: services.http as FakeHttp,
    notify: services.notify as FakeNotify,
    session: services.session as FakeSession,
    loading: services.loading as FakeLoading,
    identity: services.identity as FakeIdentity,
    preferences: services.preferences as FakePreferences,
    i18n,
  };
}

/** Wrapper element tree (router, theme, i18n, services) without rendering — e.g. for renderHook's wrapper. */
export function PortalTestProviders({
  fakes,
  route = '/',
  theme = 'light',
  onLocation,
  children,
}: {
  fakes: PortalFakes;
  route?: string;
  theme?: Theme;
  onLocation?: (location: string) => void;
  children?: ReactNode;
}) {
  return (
    <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
      {onLocation && <LocationSpy onChange={onLocation} />}
      <I18nextProvider i18n={fakes.i18n}>
        <PortalThemeProvider mode={theme} baseline={false} darkClass={false}>
          <PortalServicesProvider services={fakes.services}>{children}</PortalServicesProvider>
        </PortalThemeProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
}

/**
 * Renders `ui` inside MemoryRouter + theme + i18n (English by default) + PortalServicesProvider with fakes.
 * Returns testing-library's result, the fakes and a userEvent instance.
 */
export function renderWithPortal(ui: ReactElement, options: RenderWithPortalOptions = {}): RenderWithPortalResult {
  const { services, http, route, path, language, theme, session, translations, ...renderOptions } = options;
  const fakes = createPortalFakes({ services, http, language, theme, session, translations });
  const content = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );
  const user = userEvent.setup();
  let current = route ?? '/';
  const result = render(
    <PortalTestProviders fakes={fakes} route={route ?? '/'} theme={theme} onLocation={(l) => (current = l)}>
      {content}
    </PortalTestProviders>,
    renderOptions,
  );
  return { ...result, ...fakes, user, location: () => current };
}

/** Renders a remote's routes the way the shell mounts them, with the remote's translations registered. */
export function renderRemote(remote: PortalRemote, options: RenderWithPortalOptions = {}): RenderWithPortalResult {
  return renderWithPortal(<PortalRemoteRoutes remote={remote} />, {
    ...options,
    translations: [remote, ...(options.translations ?? [])],
  });
}
