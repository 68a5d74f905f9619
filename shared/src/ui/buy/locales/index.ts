import type { TranslationBundle } from '../../../remote/types';
import de from './de.json';
import en from './en.json';

/** Namespace 'buy' (loaded on demand by loadBuyTranslations in shared/src/i18n). */
export const buyTranslations: { en: TranslationBundle; de: TranslationBundle } = { en, de };
