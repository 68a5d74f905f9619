import { COMMON_NAMESPACE, loadCommonTranslations, loadPortalI18n, type LanguageLoader } from '@portal/shared';
import type { Language } from '@portal/shared/domain';

export const SHELL_NAMESPACE = 'shell';

/** The shell's texts of one language, a chunk each. */
function loadShellTranslations(language: Language) {
  const load = language === 'en' ? import('../locales/en.json') : import('../locales/de.json');
  return load.then((module) => module.default);
}

/** One language's shared 'common' and the shell's own texts. */
export const loadShellLanguage: LanguageLoader = async (language) => {
  const [common, shell] = await Promise.all([loadCommonTranslations(language), loadShellTranslations(language)]);
  return { [COMMON_NAMESPACE]: common, [SHELL_NAMESPACE]: shell };
};

/**
 * The page's one i18next instance, holding the page's language only (the other loads when the user switches to it):
 * shared 'common' plus the shell's namespace; remotes add theirs later.
 */
export function loadShellI18n(language: Language) {
  return loadPortalI18n({ language, loadLanguage: loadShellLanguage });
}
