// Runs a remote alone (npm run dev in its folder) with fake services and demo data. Browser-safe: no testing-library.
import { ROUTER_FUTURE } from '../remote/router-future';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Link as RouterLink } from 'react-router-dom';
import { addRemoteTranslations, createPortalI18n, loadPortalLanguage } from '../i18n/create-i18n';
import { commonResources } from '../i18n/common-translations';
import { PortalRemoteRoutes } from '../remote/portal-remote-routes';
import type { PortalRemote } from '../remote/types';
import { PortalServicesProvider } from '../services/context';
import type { PortalServices } from '../services/contract';
import { createLoadingStore } from '../services/loading-store';
import { createNotificationStore } from '../services/notification-store';
import { PortalThemeProvider } from '../theme/theme-provider';
import type { Language, Theme } from '../domain/types';
import { createFakeHttp, type FakeRoutes } from './fake-http';
import { createFakeIdentity, createFakePreferences, createFakeSession, type FakeSessionInput } from './fakes';
import { demoLicenses, demoLinks, demoProducts, demoProfile, demoSubUsers } from './demo-data';

export interface StandaloneOptions {
  /** Extra/overriding fake api routes for this remote. */
  routes?: FakeRoutes;
  session?: FakeSessionInput;
  language?: Language;
  /** Simulated api latency, default 300 ms. */
  latencyMs?: number;
}

/** Default demo api answers shared by all remotes. */
export function demoRoutes(): FakeRoutes {
  const profile = demoProfile();
  return {
    'GET /user/profile/contact': profile.contact,
    'PUT /user/profile/contact': (req: { body: unknown }) => ({ ...profile.contact, ...(req.body as object) }),
    'GET /user/profile/avv-accepted-date': { avvAcceptedDate: profile.avv.acceptedDate, version: '1.0' },
    'GET /user/profile/language': { language: 'de' },
    'GET /license/all': () => ({ items: demoLicenses(), total: demoLicenses().length, page: 1, pageSize: 100 }),
    'GET /license/plugin': (req: { query: Record<string, string> }) =>
      demoLicenses().filter((l) => l.pluginName === req.query.pluginName),
    'GET /license/product/all': () => demoProducts(),
    'GET /license/product/plugin/:pluginName': (req: { params: Record<string, string> }) =>
      demoProducts().filter((p) => p.pluginName === req.params.pluginName),
    'GET /user/subusers': () => demoSubUsers(),
    'GET /user/subusers/max-allowed': { max_allowed: 3 },
    'GET /subscription/overage/pending': { subscriptions_to_approve: [] },
    'POST /user/contact-us': { ok: true },
  };
}

/** Fake services with plausible demo data; notifications and loading are real stores so the page shows them. */
export function standaloneServices(options: StandaloneOptions = {}) {
  const notifications = createNotificationStore();
  const loadingStore = createLoadingStore();
  const http = createFakeHttp({ ...demoRoutes(), ...options.routes }, { latencyMs: options.latencyMs ?? 300 });
  const session = createFakeSession({ licenses: demoLicenses(), ...options.session });
  const services: PortalServices = {
    http,
    notify: notifications.notifier,
    session,
    loading: loadingStore.counter,
    identity: createFakeIdentity(session.user),
    preferences: createFakePreferences({ language: options.language ?? 'de' }),
    links: demoLinks(),
  };
  return { services, http, notifications, loadingStore };
}

export interface StandalonePortalProps {
  remote: PortalRemote;
  options?: StandaloneOptions;
}

/** A minimal portal frame for one remote: router, theme, i18n, services, notifications and links to its pages. */
export function StandalonePortal({ remote, options }: StandalonePortalProps) {
  const { services, notifications } = useMemo(() => standaloneServices(options), [options]);
  const [language, setLanguage] = useState<Language>(options?.language ?? 'de');
  const [theme, setTheme] = useState<Theme>('light');
  const i18n = useMemo(() => {
    const instance = createPortalI18n({ language, resources: commonResources() });
    addRemoteTranslations(instance, remote);
    return instance;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote]);
  services.preferences.setLanguage = (next) => {
    setLanguage(next);
    // As the shell does: the lazily loaded namespaces ('buy') in the new language first.
    void loadPortalLanguage(i18n, next).then(() => i18n.changeLanguage(next));
  };
  services.preferences.setTheme = setTheme;
  services.preferences.language = language;
  services.preferences.theme = theme;
  const list = useSyncExternalStore(notifications.subscribe, () => notifications.getState().notifications);
  const links = remote.routes.filter((r) => !r.path.includes(':'));

  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <I18nextProvider i18n={i18n}>
        <PortalThemeProvider mode={theme}>
          <PortalServicesProvider services={services}>
            <Box component="nav" sx={{ p: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" spacing={2} flexWrap="wrap">
                <strong>{remote.id} (standalone)</strong>
                {links.map((r) => (
                  <Link key={r.path} component={RouterLink} to={r.path}>
                    {r.path}
                  </Link>
                ))}
                <Link
                  component="button"
                  onClick={() => services.preferences.setLanguage(language === 'de' ? 'en' : 'de')}
                >
                  {language === 'de' ? 'EN' : 'DE'}
                </Link>
                <Link component="button" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>
                  {theme === 'light' ? 'dark' : 'light'}
                </Link>
              </Stack>
            </Box>
            <Container maxWidth="lg" sx={{ py: 3 }}>
              <PortalRemoteRoutes remote={remote} fallback={<p>Pick a page above.</p>} />
            </Container>
            {list.map((n) => (
              <Snackbar
                key={n.id}
                open
                autoHideDuration={n.autoHideDuration}
                onClose={() => notifications.getState().dismiss(n.id)}
              >
                <Alert severity={n.type} onClose={() => notifications.getState().dismiss(n.id)}>
                  {n.title ? <strong>{n.title}: </strong> : null}
                  {n.message}
                </Alert>
              </Snackbar>
            ))}
          </PortalServicesProvider>
        </PortalThemeProvider>
      </I18nextProvider>
    </BrowserRouter>
  );
}
