import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/types';
import type { PortalRemote, TranslationBundle } from '../remote/types';

export const COMMON_NAMESPACE = 'common';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['de', 'en'];

/**
 * The shared 'common' texts of one language: a chunk per language, so a page downloads its own language's texts only
 * (issue 13). Tests and the standalone page take both at once from `@portal/shared/testing`.
 */
export function loadCommonTranslations(language: Language): Promise<TranslationBundle> {
  const load = language === 'en' ? import('../locales/en.json') : import('../locales/de.json');
  return load.then((module) => module.default);
}
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

/** One language's bundles by namespace ('common' included), fetched when the page first uses that language. */
export type LanguageLoader = (language: Language) => Promise<Record<string, TranslationBundle>>;

export interface PortalI18nOptions {
  /** Default 'de' (spec §3 Preferences). */
  language?: Language;
  /** Bundles per language and namespace, 'common' included: { en: { common: {...}, shell: {...} }, de: {...} }. */
  resources?: PortalResources;
  /** Fetches a language missing from `resources` (`loadPortalLanguage`) before the page switches to it. */
  loadLanguage?: LanguageLoader;
}

const languageLoaders = new WeakMap<I18n, { load: LanguageLoader; loads: Map<Language, Promise<void>> }>();

/**
 * The ONE i18next instance of the page (the shell creates it; remotes reach it through react-i18next).
 * Namespace 'common' is the default and the fallback, so `t('save')` works in any namespace.
 */
export function createPortalI18n({ language = 'de', resources = {}, loadLanguage }: PortalI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  const merged: Record<string, Record<string, TranslationBundle>> = {};
  for (const lng of SUPPORTED_LANGUAGES) if (resources[lng]) merged[lng] = { ...resources[lng] };
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
  if (loadLanguage) languageLoaders.set(instance, { load: loadLanguage, loads: new Map() });
  return instance;
}

/** The page's instance with only `language`'s bundles, fetched first; others load when switched to. */
export async function loadPortalI18n({
  language = 'de',
  loadLanguage,
}: Required<Pick<PortalI18nOptions, 'loadLanguage'>> & Pick<PortalI18nOptions, 'language'>): Promise<I18n> {
  const bundles = await loadLanguage(language);
  return createPortalI18n({ language, resources: { [language]: bundles }, loadLanguage });
}

/** Whether the instance holds `language`'s texts (a language switch can apply at once). */
export function hasPortalLanguage(i18n: I18n, language: Language): boolean {
  return i18n.hasResourceBundle(language, COMMON_NAMESPACE);
}

/**
 * Makes sure the instance holds `language`'s bundles, fetching them when it was made with a `loadLanguage` and does not
 * hold them yet (once; again after a failed fetch, which rejects).
 */
export async function loadPortalLanguage(i18n: I18n, language: Language): Promise<void> {
  const loader = languageLoaders.get(i18n);
  if (!loader || hasPortalLanguage(i18n, language)) return;
  let load = loader.loads.get(language);
  if (!load) {
    load = loader.load(language).then((bundles) => {
      for (const [namespace, bundle] of Object.entries(bundles)) {
        i18n.addResourceBundle(language, namespace, bundle, true, false);
      }
    });
    loader.loads.set(language, load);
    load.catch(() => loader.loads.delete(language));
  }
  await load;
}

/** Adds a remote's bundles under its id (= namespace), deep-merging over anything already there. */
export function addRemoteTranslations(i18n: I18n, remote: Pick<PortalRemote, 'id' | 'translations'>): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    const bundle = remote.translations[lng];
    if (bundle) i18n.addResourceBundle(lng, remote.id, bundle, true, true);
  }
}
