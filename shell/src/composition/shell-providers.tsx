import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useStore } from 'zustand';
import {
  deriveSessionFlags,
  hasPortalLanguage,
  loadPortalLanguage,
  PortalServicesProvider,
  PortalThemeProvider,
  type PortalServices,
  type Session,
} from '@portal/shared';
import type { Shell } from './create-shell';
import { ShellApiProvider } from '../shell-api/shell-api-context';

/** Theme, language, the shell's own apis and the PortalServices every remote reads through @portal/shared. */
export function ShellProviders({ shell, children }: { shell: Shell; children: ReactNode }) {
  const { stores, i18n } = shell;
  const preferences = useStore(stores.preferences);
  const sessionState = useStore(stores.session);

  useEffect(() => {
    const language = preferences.language;
    const apply = () => {
      void i18n.changeLanguage(language);
      document.documentElement.lang = language;
    };
    if (hasPortalLanguage(i18n, language)) {
      apply();
      return;
    }
    // The language's texts load first; the page switches once they are there, unless the choice has changed again
    // meanwhile (a later, already loaded choice must not be overtaken by this one).
    let current = true;
    loadPortalLanguage(i18n, language).then(
      () => current && apply(),
      (error: unknown) => console.error('The texts of the chosen language could not load', error),
    );
    return () => {
      current = false;
    };
  }, [i18n, preferences.language]);

  const session = useMemo<Session>(() => {
    const { user, apiUser, profile, dataSource, licenses, pendingOverage, failedParts, accountInactive } = sessionState;
    const facts = { user, apiUser, profile, dataSource, licenses, pendingOverage, failedParts, accountInactive };
    return { ...facts, ...deriveSessionFlags(facts), refresh: shell.session.refresh };
  }, [sessionState, shell.session]);

  const services = useMemo<PortalServices>(
    () => ({
      ...shell.services,
      session,
      preferences: {
        language: preferences.language,
        theme: preferences.theme,
        setLanguage: preferences.setLanguage,
        setTheme: preferences.setTheme,
      },
    }),
    [shell.services, session, preferences],
  );

  return (
    <ShellApiProvider apis={shell.apis}>
      <I18nextProvider i18n={i18n}>
        <PortalThemeProvider mode={preferences.theme}>
          <PortalServicesProvider services={services}>{children}</PortalServicesProvider>
        </PortalThemeProvider>
      </I18nextProvider>
    </ShellApiProvider>
  );
}
