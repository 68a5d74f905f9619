import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/types';
import { hasBuyTranslations, loadBuyTranslations } from '../../i18n/create-i18n';
import { ErrorPanel } from '../error-panel';

/**
 * Renders `children` once the 'buy' namespace is in the i18n instance in the page's language (fetched on first use;
 * the shell fetches another language's before it switches to it).
 */
export function WithBuyTexts({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const [loadedLanguage, setLoadedLanguage] = useState<Language | null>(null);
  const [failed, setFailed] = useState(false);
  const ready = loadedLanguage === language || hasBuyTranslations(i18n, language);

  useEffect(() => {
    if (ready || failed) return;
    let live = true;
    loadBuyTranslations(i18n).then(
      () => live && setLoadedLanguage(language),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [i18n, language, ready, failed]);

  if (failed) return <ErrorPanel onRetry={() => setFailed(false)} />;
  return ready ? children : fallback;
}
