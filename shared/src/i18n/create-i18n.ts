import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/types';
import type { PortalRemote, TranslationBundle } from '../remote/types';
import de from '../locales/de.json';
import en from '../locales/en.json';

export const COMMON_NAMESPACE = 'common';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['de', 'en'];
export const commonTranslations: { en: TranslationBundle; de: TranslationBundle } = { en, de };
/**
 * The buy sections' texts (shared/src/ui/buy/locales), a namespace of the one instance like 'common', so every remote
 * that shows the buy sections has them without shipping a copy. They are fetched with the sections (about 10 KB
 * compressed that /login and the other pages do not need): `await loadBuyTranslations(i18n)`.
 */
export const BUY_NAMESPACE = 'buy';

const buyLoads = new WeakMap<I18n, Promise<void>>();

export function hasBuyTranslations(i18n: I18n): boolean {
  return SUPPORTED_LANGUAGES.every((lng) => i18n.hasResourceBundle(lng, BUY_NAMESPACE));
}

/** Adds the 'buy' namespace in both languages to `i18n` (once per instance). */
export function loadBuyTranslations(i18n: I18n): Promise<void> {
  let load = buyLoads.get(i18n);
  if (!load) {
    load = import('../ui/buy/locales').then(({ buyTranslations }) => {
      for (const lng of SUPPORTED_LANGUAGES)
        i18n.addResourceBundle(lng, BUY_NAMESPACE, buyTranslations[lng], true, true);
    });
    buyLoads.set(i18n, load);
    load.catch(() => buyLoads.delete(i18n));
  }
  return load;
}

export type PortalResources = Partial<Record<Language, Record<string, TranslationBundle>>>;

export interface PortalI18nOptions {
  /** Default 'de' (spec §3 Preferences). */
  language?: Language;
  /** Extra namespaces per language, e.g. { en: { shell: {...} }, de: { shell: {...} } }. */
  resources?: PortalResources;
}

/**
 * The ONE i18next instance of the page (the shell creates it; remotes reach it through react-i18next).
 * Namespace 'common' is the default and the fallback, so `t('save')` works in any namespace.
 */
export function createPortalI18n({ language = 'de', resources = {} }: PortalI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const merged: Record<string, Record<string, TranslationBundle>> = {};
  for (const lng of SUPPORTED_LANGUAGES) {
    merged[lng] = { [COMMON_NAMESPACE]: commonTranslations[lng], ...(resources[lng] ?? {}) };
  }
  const namespaces = [...new Set(Object.values(merged).flatMap((bundles) => Object.keys(bundles)))];
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'de',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: namespaces,
    defaultNS: COMMON_NAMESPACE,
    fallbackNS: COMMON_NAMESPACE,
    resources: merged,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Adds a remote's bundles under its id (= namespace), deep-merging over anything already there. */
export function addRemoteTranslations(i18n: I18n, remote: Pick<PortalRemote, 'id' | 'translations'>): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    const bundle = remote.translations[lng];
    if (bundle) i18n.addResourceBundle(lng, remote.id, bundle, true, true);
  }
}
