import de from '../locales/de.json';
import en from '../locales/en.json';
import buyDe from '../ui/buy/locales/de.json';
import buyEn from '../ui/buy/locales/en.json';
import { commonResources } from './common-translations';
import {
  addLazyNamespace,
  addRemoteTranslations,
  createPortalI18n,
  hasBuyTranslations,
  hasPortalLanguage,
  loadBuyTranslations,
  loadCommonTranslations,
  loadPortalI18n,
  loadPortalLanguage,
  type PortalI18nOptions,
} from './create-i18n';
import { expectSameKeys, keyDifferences } from './same-keys';

describe('common locales', () => {
  it('en and de have the same keys', () => {
    expectSameKeys(en, de);
  });
});

describe('buy locales', () => {
  it('en and de have the same keys', () => {
    expectSameKeys(buyEn, buyDe);
  });
  it("load into any instance on demand, in the page's language, and another before the page switches to it", async () => {
    const i18n = withCommon({ language: 'de' });
    expect(hasBuyTranslations(i18n)).toBe(false);
    await loadBuyTranslations(i18n);
    expect(hasBuyTranslations(i18n)).toBe(true);
    expect(i18n.t('buy:parent_only')).toBe('Nur der Hauptbenutzer kann eine Lizenz kaufen');
    expect(hasBuyTranslations(i18n, 'en')).toBe(false);
    expect(hasPortalLanguage(i18n, 'en')).toBe(false);

    await loadPortalLanguage(i18n, 'en');
    expect(hasPortalLanguage(i18n, 'en')).toBe(true);
    expect(i18n.getFixedT('en', 'buy')('parent_only')).toBe('Only the parent user can buy a license');
  });

  it('a failed fetch of a language is tried again on the next switch', async () => {
    const i18n = withCommon({ language: 'de' });
    const load = jest
      .fn<Promise<Record<string, string>>, [string]>()
      .mockResolvedValueOnce({ hello: 'Hallo' })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ hello: 'Hello' });
    await addLazyNamespace(i18n, 'greeting', load);
    expect(i18n.t('greeting:hello')).toBe('Hallo');
    await expect(loadPortalLanguage(i18n, 'en')).rejects.toThrow('offline');
    expect(hasPortalLanguage(i18n, 'en')).toBe(false);
    await loadPortalLanguage(i18n, 'en');
    expect(i18n.getFixedT('en', 'greeting')('hello')).toBe('Hello');
    expect(load.mock.calls.map(([language]) => language)).toEqual(['de', 'en', 'en']);
  });
});

describe('expectSameKeys', () => {
  it('fails on a key that exists in one language only, including nested keys', () => {
    expect(() => expectSameKeys({ a: 'A', b: 'B' }, { a: 'A' })).toThrow('only in en: b');
    expect(() => expectSameKeys({ x: { y: 'Y' } }, { x: { z: 'Z' } })).toThrow(/only in en: x\.y; only in de: x\.z/);
    expect(keyDifferences({ a: '1' }, { a: '2' })).toEqual({ onlyInEn: [], onlyInDe: [] });
  });
  it('fails on empty values', () => {
    expect(() => expectSameKeys({ a: '' }, { a: 'A' })).toThrow('empty values: en:a');
  });
});

/** An instance with 'common' in both languages, as tests and the standalone page make it. */
const withCommon = (options: PortalI18nOptions = {}) => {
  const common = commonResources();
  return createPortalI18n({
    ...options,
    resources: {
      en: { ...common.en, ...options.resources?.en },
      de: { ...common.de, ...options.resources?.de },
    },
  });
};

describe('createPortalI18n', () => {
  it('defaults to German and resolves common keys', () => {
    const i18n = withCommon();
    expect(i18n.language).toBe('de');
    expect(i18n.t('save')).toBe('Speichern');
    expect(i18n.t('pagination_range', { from: 1, to: 10, total: 25 })).toBe('1–10 von 25');
  });
  it('switches language and adds extra namespaces', () => {
    const i18n = withCommon({
      language: 'en',
      resources: { en: { shell: { hello: 'Hello' } }, de: { shell: { hello: 'Hallo' } } },
    });
    expect(i18n.t('shell:hello')).toBe('Hello');
    expect(i18n.t('cancel')).toBe('Cancel');
    void i18n.changeLanguage('de');
    expect(i18n.t('shell:hello')).toBe('Hallo');
  });
  it('adds remote bundles under the remote id and falls back to common', () => {
    const i18n = withCommon({ language: 'en' });
    addRemoteTranslations(i18n, { id: 'gpsr', translations: { en: { title: 'Products' }, de: { title: 'Produkte' } } });
    const t = i18n.getFixedT('en', 'gpsr');
    expect(t('title')).toBe('Products');
    expect(t('save')).toBe('Save');
    expect(i18n.getFixedT('de', 'gpsr')('title')).toBe('Produkte');
  });
  it('falls back to German for a key missing in English', () => {
    const i18n = withCommon({ language: 'en' });
    addRemoteTranslations(i18n, { id: 'x', translations: { en: {}, de: { only: 'Nur deutsch' } } });
    expect(i18n.getFixedT('en', 'x')('only')).toBe('Nur deutsch');
  });
  it('creates independent instances', () => {
    const a = withCommon({ language: 'en' });
    const b = withCommon({ language: 'de' });
    expect(a.t('save')).toBe('Save');
    expect(b.t('save')).toBe('Speichern');
  });
});

describe('loading one language at a time', () => {
  const loadLanguage = jest.fn(async (language: 'de' | 'en') => ({
    common: await loadCommonTranslations(language),
    shell: { hello: language === 'en' ? 'Hello' : 'Hallo' },
  }));
  beforeEach(() => loadLanguage.mockClear());

  /** Fetches the language's texts, then switches, as the shell does. */
  const switchTo = async (i18n: Awaited<ReturnType<typeof loadPortalI18n>>, language: 'de' | 'en') => {
    await loadPortalLanguage(i18n, language);
    await i18n.changeLanguage(language);
  };

  it('starts with the page language only and fetches another one when switched to, once', async () => {
    const i18n = await loadPortalI18n({ language: 'en', loadLanguage });
    expect(loadLanguage.mock.calls).toEqual([['en']]);
    expect(i18n.t('save')).toBe('Save');
    expect(i18n.hasResourceBundle('de', 'common')).toBe(false);

    await switchTo(i18n, 'de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('save')).toBe('Speichern');
    expect(i18n.t('shell:hello')).toBe('Hallo');
    await switchTo(i18n, 'en');
    await switchTo(i18n, 'de');
    expect(loadLanguage.mock.calls).toEqual([['en'], ['de']]);
  });

  it('keeps the language when the other one cannot load, and tries again on the next switch', async () => {
    const i18n = await loadPortalI18n({ language: 'de', loadLanguage });
    loadLanguage.mockRejectedValueOnce(new Error('ChunkLoadError'));
    await expect(switchTo(i18n, 'en')).rejects.toThrow('ChunkLoadError');
    expect(i18n.language).toBe('de');
    await switchTo(i18n, 'en');
    expect(i18n.t('cancel')).toBe('Cancel');
  });

  it('keeps remote bundles added in both languages', async () => {
    const i18n = await loadPortalI18n({ language: 'de', loadLanguage });
    addRemoteTranslations(i18n, { id: 'gpsr', translations: { en: { title: 'Products' }, de: { title: 'Produkte' } } });
    await switchTo(i18n, 'en');
    expect(i18n.t('gpsr:title')).toBe('Products');
  });
});
