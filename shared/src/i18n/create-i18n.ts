import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../domain/types';
import type { PortalRemote, TranslationBundle } from '../remote/types';

export const COMMON_NAMESPACE = 'common';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['de', 'en'];

/**
 * The shared 'common' texts of one language: a chunk per language, so a page downloads its own language's texts only
 * (the other language's would only add weight). Tests and the standalone page take both at once from
 * `@portal/shared/testing`.
 */
export function loadCommonTranslations(language: Language): Promise<TranslationBundle> {
  const load = language === 'en' ? import('../locales/en.json') : import('../locales/de.json');
  return load.then((module) => module.default);
}
/**
 * The buy sections' texts (shared/src/ui/buy/locales), a namespace of the one instance like 'common', so every remote
 * that shows the buy sections has them without shipping a copy. Like 'common', one language at a time: the page's
 * language with the sections (about 4 KB compressed that /login and the other pages do not need), another before the
 * page switches to it (loadPortalLanguage). `await loadBuyTranslations(i18n)`.
 */
export const BUY_NAMESPACE = 'buy';

function loadBuyBundle(language: Language): Promise<TranslationBundle> {
  const load = language === 'en' ? import('../ui/buy/locales/en.json') : import('../ui/buy/locales/de.json');
  return load.then((module) => module.default);
}

export function hasBuyTranslations(i18n: I18n, language: Language = i18n.language as Language): boolean {
  return i18n.hasResourceBundle(language, BUY_NAMESPACE);
}

/** Adds the 'buy' namespace in the page's language to `i18n`, and in any language the page switches to later. */
export function loadBuyTranslations(i18n: I18n): Promise<void> {
  return addLazyNamespace(i18n, BUY_NAMESPACE, loadBuyBundle);
}

/** One language's bundle of a namespace. */
export type BundleLoader = (language: Language) => Promise<TranslationBundle>;

/** Per instance: the namespaces added with addLazyNamespace, and their loads by `namespace:language`. */
const lazyNamespaces = new WeakMap<I18n, { loaders: Map<string, BundleLoader>; loads: Map<string, Promise<void>> }>();

/**
 * Adds a namespace whose bundles load one language at a time: the page's language now, another before the page
 * switches to it (loadPortalLanguage). Resolves once the page's language is in (again after a failed fetch, which
 * rejects).
 */
export function addLazyNamespace(i18n: I18n, namespace: string, load: BundleLoader): Promise<void> {
  let registry = lazyNamespaces.get(i18n);
  if (!registry) lazyNamespaces.set(i18n, (registry = { loaders: new Map(), loads: new Map() }));
  registry.loaders.set(namespace, load);
  return loadLazyNamespace(i18n, namespace, i18n.language as Language);
}

function loadLazyNamespace(i18n: I18n, namespace: string, language: Language): Promise<void> {
  const registry = lazyNamespaces.get(i18n);
  const loader = registry?.loaders.get(namespace);
  if (!registry || !loader || i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  return loadOnce(registry.loads, `${namespace}:${language}`, () =>
    loader(language).then((bundle) => {
      i18n.addResourceBundle(language, namespace, bundle, true, true);
    }),
  );
}

/** The load under `key`, started once (again after a failure, which rejects). */
function loadOnce<K>(loads: Map<K, Promise<void>>, key: K, start: () => Promise<void>): Promise<void> {
  let load = loads.get(key);
  if (!load) {
    load = start();
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

export type PortalResources = Partial<Record<Language, Record<string, TranslationBundle>>>;

/** One language's bundles by namespace ('common' included), fetched when the page first uses that language. */
export type LanguageLoader = (language: Language) => Promise<Record<string, TranslationBundle>>;

export interface PortalI18nOptions {
  /** Default 'de', the portal's default language. */
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

/** Whether the instance holds `language`'s texts, those of its lazily loaded namespaces included (a switch can apply at once). */
export function hasPortalLanguage(i18n: I18n, language: Language): boolean {
  const namespaces = lazyNamespaces.get(i18n)?.loaders.keys() ?? [];
  return (
    i18n.hasResourceBundle(language, COMMON_NAMESPACE) &&
    [...namespaces].every((namespace) => i18n.hasResourceBundle(language, namespace))
  );
}

/**
 * Makes sure the instance holds `language`'s bundles, fetching them when it was made with a `loadLanguage` and does not
 * hold them yet, and those of its lazily loaded namespaces (once; again after a failed fetch, which rejects).
 */
export async function loadPortalLanguage(i18n: I18n, language: Language): Promise<void> {
  const namespaces = [...(lazyNamespaces.get(i18n)?.loaders.keys() ?? [])];
  await Promise.all([
    loadLanguageBundles(i18n, language),
    ...namespaces.map((namespace) => loadLazyNamespace(i18n, namespace, language)),
  ]);
}

function loadLanguageBundles(i18n: I18n, language: Language): Promise<void> {
  const loader = languageLoaders.get(i18n);
  if (!loader || i18n.hasResourceBundle(language, COMMON_NAMESPACE)) return Promise.resolve();
  return loadOnce(loader.loads, language, () =>
    loader.load(language).then((bundles) => {
      for (const [namespace, bundle] of Object.entries(bundles)) {
        i18n.addResourceBundle(language, namespace, bundle, true, false);
      }
    }),
  );
}

/** Adds a remote's bundles under its id (= namespace), deep-merging over anything already there. */
export function addRemoteTranslations(i18n: I18n, remote: Pick<PortalRemote, 'id' | 'translations'>): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    const bundle = remote.translations[lng];
    if (bundle) i18n.addResourceBundle(lng, remote.id, bundle, true, true);
  }
}
