import { createPortalI18n } from '@portal/shared';
import type { Language } from '@portal/shared/domain';
import { commonResources } from '@portal/shared/testing';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { loadShellLanguage, SHELL_NAMESPACE } from '../i18n/create-shell-i18n';

/** The shell's i18n instance with both languages at once, made synchronously for tests. */
export function createShellI18n(language: Language) {
  const common = commonResources();
  return createPortalI18n({
    language,
    resources: { en: { ...common.en, [SHELL_NAMESPACE]: en }, de: { ...common.de, [SHELL_NAMESPACE]: de } },
    loadLanguage: loadShellLanguage,
  });
}
