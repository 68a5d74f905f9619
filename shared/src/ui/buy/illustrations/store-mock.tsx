import { useTranslation } from 'react-i18next';
import { IllustrationSvg } from './illustration-svg';
import { useIllustrationPalette } from './palette';

/** A phone showing the app's store entry on Google Play or the App Store (the how-it-works store toggle). */
export function StoreMock({ store }: { store: 'android' | 'ios' }) {
  const { t } = useTranslation('buy');
  const c = useIllustrationPalette();
  const storeName = t(store === 'android' ? 'how_store_mock_android' : 'how_store_mock_ios');
  const radius = store === 'ios' ? 30 : 18;
  return (
    <IllustrationSvg
      label={t('how_store_mock_label', { store: storeName })}
      viewBox="0 0 200 320"
      maxWidth={220}
      centred
    >
      <rect x="20" y="6" width="160" height="308" rx={radius} style={{ fill: c.text }} />
      <rect x="28" y="22" width="144" height="276" rx={radius - 10} style={{ fill: c.paper }} />
      {store === 'ios' ? (
        <rect x="78" y="12" width="44" height="8" rx="4" style={{ fill: c.page }} />
      ) : (
        <circle cx="100" cy="14" r="3" style={{ fill: c.page }} />
      )}
      <text x="40" y="48" style={{ fill: c.muted, fontSize: 11, fontFamily: 'inherit' }}>
        {storeName}
      </text>
      <rect x="40" y="62" width="44" height="44" rx={store === 'ios' ? 10 : 22} style={{ fill: c.primary }} />
      <path d="M52 92 L62 74 L70 86 L74 80 L80 92 Z" style={{ fill: c.onPrimary }} />
      <rect x="94" y="66" width="64" height="9" rx="4" style={{ fill: c.text }} />
      <rect x="94" y="82" width="44" height="7" rx="3" style={{ fill: c.muted }} />
      <rect x="94" y="95" width="30" height="7" rx="3" style={{ fill: c.warning }} />
      <rect x="40" y="120" width="120" height="30" rx={store === 'ios' ? 15 : 6} style={{ fill: c.primary }} />
      <text
        x="100"
        y="140"
        textAnchor="middle"
        style={{ fill: c.onPrimary, fontSize: 12, fontWeight: 700, fontFamily: 'inherit' }}
      >
        {t('how_store_mock_install')}
      </text>
      {[0, 1, 2].map((i) => (
        <rect key={i} x={40 + i * 42} y="166" width="36" height="72" rx="6" style={{ fill: c.page, stroke: c.line }} />
      ))}
      <rect x="40" y="252" width="120" height="6" rx="3" style={{ fill: c.line }} />
      <rect x="40" y="264" width="96" height="6" rx="3" style={{ fill: c.line }} />
      <rect x="40" y="276" width="108" height="6" rx="3" style={{ fill: c.line }} />
    </IllustrationSvg>
  );
}
