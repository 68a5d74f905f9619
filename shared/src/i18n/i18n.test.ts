import de from '../locales/de.json';
import en from '../locales/en.json';
import buyDe from '../ui/buy/locales/de.json';
import buyEn from '../ui/buy/locales/en.json';
import { addRemoteTranslations, createPortalI18n, hasBuyTranslations, loadBuyTranslations } from './create-i18n';
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
  it('load into any instance on demand, in both languages', async () => {
    const i18n = createPortalI18n({ language: 'de' });
    expect(hasBuyTranslations(i18n)).toBe(false);
    await loadBuyTranslations(i18n);
    expect(hasBuyTranslations(i18n)).toBe(true);
    expect(i18n.t('buy:parent_only')).toBe('Nur der Hauptbenutzer kann eine Lizenz kaufen');
    expect(i18n.getFixedT('en', 'buy')('parent_only')).toBe('Only the parent user can buy a license');
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

describe('createPortalI18n', () => {
  it('defaults to German and resolves common keys', () => {
    const i18n = createPortalI18n();
    expect(i18n.language).toBe('de');
    expect(i18n.t('save')).toBe('Speichern');
    expect(i18n.t('pagination_range', { from: 1, to: 10, total: 25 })).toBe('1–10 von 25');
  });
  it('switches language and adds extra namespaces', () => {
    const i18n = createPortalI18n({
      language: 'en',
      resources: { en: { shell: { hello: 'Hello' } }, de: { shell: { hello: 'Hallo' } } },
    });
    expect(i18n.t('shell:hello')).toBe('Hello');
    expect(i18n.t('cancel')).toBe('Cancel');
    void i18n.changeLanguage('de');
    expect(i18n.t('shell:hello')).toBe('Hallo');
  });
  it('adds remote bundles under the remote id and falls back to common', () => {
    const i18n = createPortalI18n({ language: 'en' });
    addRemoteTranslations(i18n, { id: 'gpsr', translations: { en: { title: 'Products' }, de: { title: 'Produkte' } } });
    const t = i18n.getFixedT('en', 'gpsr');
    expect(t('title')).toBe('Products');
    expect(t('save')).toBe('Save');
    expect(i18n.getFixedT('de', 'gpsr')('title')).toBe('Produkte');
  });
  it('falls back to German for a key missing in English', () => {
    const i18n = createPortalI18n({ language: 'en' });
    addRemoteTranslations(i18n, { id: 'x', translations: { en: {}, de: { only: 'Nur deutsch' } } });
    expect(i18n.getFixedT('en', 'x')('only')).toBe('Nur deutsch');
  });
  it('creates independent instances', () => {
    const a = createPortalI18n({ language: 'en' });
    const b = createPortalI18n({ language: 'de' });
    expect(a.t('save')).toBe('Save');
    expect(b.t('save')).toBe('Speichern');
  });
});
