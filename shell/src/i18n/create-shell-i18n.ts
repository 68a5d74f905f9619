import { createPortalI18n } from '@portal/shared';
import type { Language } from '@portal/shared/domain';
import de from '../locales/de.json';
import en from '../locales/en.json';

export const SHELL_NAMESPACE = 'shell';

/** The page's one i18next instance: shared 'common' plus the shell's own namespace; remotes add theirs later. */
export function createShellI18n(language: Language) {
  return createPortalI18n({ language, resources: { en: { [SHELL_NAMESPACE]: en }, de: { [SHELL_NAMESPACE]: de } } });
}
