import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
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
  // The facts the session context carries, compared one by one: a new token, the ready and loaded flags or an auth
  // flow's busy state do not give every page a new session (each would render the whole signed-in tree again).
  const facts = useStore(
    stores.session,
    useShallow(({ user, apiUser, profile, dataSource, licenses, pendingOverage, failedParts, accountInactive }) => ({
      user,
      apiUser,
      profile,
      dataSource,
      licenses,
      pendingOverage,
      failedParts,
      accountInactive,
    })),
  );

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

  const session = useMemo<Session>(
    () => ({ ...facts, ...deriveSessionFlags(facts), refresh: shell.session.refresh }),
    [facts, shell.session],
  );

  const { language, theme, setLanguage, setTheme } = preferences;
  const preferencesApi = useMemo(
    () => ({ language, theme, setLanguage, setTheme }),
    [language, theme, setLanguage, setTheme],
  );
  const services = useMemo<PortalServices>(
    () => ({ ...shell.services, session, preferences: preferencesApi }),
    [shell.services, session, preferencesApi],
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
