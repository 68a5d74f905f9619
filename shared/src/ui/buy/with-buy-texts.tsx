import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasBuyTranslations, loadBuyTranslations } from '../../i18n/create-i18n';
import { ErrorPanel } from '../error-panel';

/** Renders `children` once the 'buy' namespace is in the i18n instance (fetched on first use). */
export function WithBuyTexts({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => hasBuyTranslations(i18n));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (ready || failed) return;
    let live = true;
    loadBuyTranslations(i18n).then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [i18n, ready, failed]);

  if (failed) return <ErrorPanel onRetry={() => setFailed(false)} />;
  return ready ? children : fallback;
}
