import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useStore } from 'zustand';
import {
  deriveSessionFlags,
  PortalServicesProvider,
  PortalThemeProvider,
  type PortalServices,
  type Session,
} from '@portal/shared';
import { ShellRuntimeProvider } from './shell-context';
import type { ShellRuntime } from './create-shell';

/** Theme, language, the shell's own context and the PortalServices every remote reads through @portal/shared. */
export function ShellProviders({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  const { stores, i18n } = runtime;
  const preferences = useStore(stores.preferences);
  const sessionState = useStore(stores.session);

  useEffect(() => {
    void i18n.changeLanguage(preferences.language);
    document.documentElement.lang = preferences.language;
  }, [i18n, preferences.language]);

  const session = useMemo<Session>(() => {
    const { user, apiUser, profile, dataSource, licenses, pendingOverage, failedParts, accountInactive } = sessionState;
    const facts = { user, apiUser, profile, dataSource, licenses, pendingOverage, failedParts, accountInactive };
    return { ...facts, ...deriveSessionFlags(facts), refresh: runtime.controller.refresh };
  }, [sessionState, runtime.controller]);

  const services = useMemo<PortalServices>(
    () => ({
      http: runtime.http,
      notify: runtime.notify,
      loading: runtime.loading,
      identity: runtime.identityService,
      session,
      preferences: {
        language: preferences.language,
        theme: preferences.theme,
        setLanguage: preferences.setLanguage,
        setTheme: preferences.setTheme,
      },
    }),
    [runtime, session, preferences],
  );

  return (
    <ShellRuntimeProvider runtime={runtime}>
      <I18nextProvider i18n={i18n}>
        <PortalThemeProvider mode={preferences.theme}>
          <PortalServicesProvider services={services}>{children}</PortalServicesProvider>
        </PortalThemeProvider>
      </I18nextProvider>
    </ShellRuntimeProvider>
  );
}
