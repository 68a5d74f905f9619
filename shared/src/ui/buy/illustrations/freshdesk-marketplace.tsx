import { IllustrationSvg } from './illustration-svg';
import { useIllustrationPalette } from './palette';

/** The plugin's entry in the Freshworks Marketplace with its install button. */
export function FreshdeskMarketplaceImage({ label }: { label: string }) {
  const c = useIllustrationPalette();
  return (
    <IllustrationSvg label={label} viewBox="0 0 400 240" maxWidth={420}>
      <rect width="400" height="240" rx="12" style={{ fill: c.page }} />
      <rect x="16" y="16" width="368" height="208" rx="10" style={{ fill: c.paper, stroke: c.line }} />
      <rect x="36" y="36" width="72" height="72" rx="16" style={{ fill: c.primary }} />
      <path d="M54 88 v-28 h36 v28 l-10 -8 h-26 z" style={{ fill: c.onPrimary }} />
      <rect x="124" y="42" width="150" height="14" rx="7" style={{ fill: c.text }} />
      <rect x="124" y="66" width="100" height="9" rx="4" style={{ fill: c.muted }} />
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={`M${128 + i * 16} 92 l4 -9 l4 9 l-8 -6 h8 z`} style={{ fill: c.warning }} />
      ))}
      <rect x="276" y="42" width="92" height="32" rx="8" style={{ fill: c.primary }} />
      <path d="M312 52 v12 m-6 -6 l6 6 l6 -6" style={{ fill: 'none', stroke: c.onPrimary, strokeWidth: 3 }} />
      <rect x="36" y="128" width="328" height="9" rx="4" style={{ fill: c.muted }} />
      <rect x="36" y="146" width="300" height="9" rx="4" style={{ fill: c.muted }} />
      <rect x="36" y="164" width="240" height="9" rx="4" style={{ fill: c.muted }} />
      <rect x="36" y="188" width="100" height="20" rx="10" style={{ fill: c.line }} />
      <rect x="146" y="188" width="80" height="20" rx="10" style={{ fill: c.line }} />
    </IllustrationSvg>
  );
}
