import { IllustrationSvg } from './illustration-svg';
import { useIllustrationPalette } from './palette';

/** The mobile app's start screen: today's orders, revenue curve and a low-stock warning. */
export function MobileHomeImage({ label }: { label: string }) {
  const c = useIllustrationPalette();
  return (
    <IllustrationSvg label={label} viewBox="0 0 220 400" maxWidth={260} centred>
      <rect x="10" y="4" width="200" height="392" rx="28" style={{ fill: c.text }} />
      <rect x="20" y="20" width="180" height="360" rx="20" style={{ fill: c.page }} />
      <rect x="36" y="40" width="90" height="12" rx="6" style={{ fill: c.text }} />
      <circle cx="178" cy="46" r="10" style={{ fill: c.primary }} />
      {[0, 1].map((i) => (
        <g key={i}>
          <rect x={32 + i * 82} y="68" width="74" height="64" rx="10" style={{ fill: c.paper, stroke: c.line }} />
          <rect x={42 + i * 82} y="80" width="40" height="7" rx="3" style={{ fill: c.muted }} />
          <rect
            x={42 + i * 82}
            y="98"
            width={i ? 48 : 30}
            height="16"
            rx="4"
            style={{ fill: i ? c.success : c.primary }}
          />
        </g>
      ))}
      <rect x="32" y="144" width="156" height="96" rx="10" style={{ fill: c.paper, stroke: c.line }} />
      <path
        d="M44 224 L70 204 L92 212 L118 182 L142 192 L176 160"
        style={{ fill: 'none', stroke: c.primary, strokeWidth: 4, strokeLinecap: 'round', strokeLinejoin: 'round' }}
      />
      <rect
        x="32"
        y="252"
        width="156"
        height="44"
        rx="10"
        style={{ fill: c.paper, stroke: c.warning, strokeWidth: 2 }}
      />
      <path d="M48 284 L58 264 L68 284 Z" style={{ fill: c.warning }} />
      <rect x="78" y="266" width="90" height="8" rx="4" style={{ fill: c.text }} />
      <rect x="78" y="280" width="60" height="7" rx="3" style={{ fill: c.muted }} />
      {[0, 1].map((i) => (
        <g key={i}>
          <rect x="32" y={306 + i * 30} width="156" height="24" rx="8" style={{ fill: c.paper, stroke: c.line }} />
          <rect x="44" y={315 + i * 30} width="80" height="7" rx="3" style={{ fill: c.muted }} />
          <rect x="150" y={313 + i * 30} width="28" height="10" rx="5" style={{ fill: c.success }} />
        </g>
      ))}
    </IllustrationSvg>
  );
}
