import de from '../locales/de.json';
import en from '../locales/en.json';
import type { PortalResources } from './create-i18n';

/**
 * The 'common' texts of both languages at once, for tests and the standalone page (`@portal/shared/testing`). The
 * portal itself loads one language at a time (`loadCommonTranslations`).
 */
export function commonResources(): Required<PortalResources> {
  return { en: { common: en }, de: { common: de } };
}
