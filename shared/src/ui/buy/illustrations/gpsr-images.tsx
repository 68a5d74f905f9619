import { IllustrationSvg } from './illustration-svg';
import { useIllustrationPalette } from './palette';

/** The GPSR questionnaire: topics on the left, a point with its answer, attachments and the progress bar. */
export function GpsrQuestionnaireImage({ label }: { label: string }) {
  const c = useIllustrationPalette();
  return (
    <IllustrationSvg label={label} viewBox="0 0 480 300">
      <rect width="480" height="300" rx="12" style={{ fill: c.page }} />
      <rect x="16" y="16" width="120" height="268" rx="8" style={{ fill: c.paper, stroke: c.line }} />
      {Array.from({ length: 11 }, (_, i) => (
        <g key={i}>
          <circle cx="34" cy={38 + i * 22} r="6" style={{ fill: i < 4 ? c.success : c.line }} />
          <rect
            x="46"
            y={34 + i * 22}
            width={60 + ((i * 17) % 24)}
            height="8"
            rx="4"
            style={{ fill: i === 4 ? c.primary : c.muted }}
          />
        </g>
      ))}
      <rect x="152" y="16" width="312" height="268" rx="8" style={{ fill: c.paper, stroke: c.line }} />
      <rect x="168" y="32" width="200" height="12" rx="6" style={{ fill: c.text }} />
      <rect x="168" y="54" width="280" height="10" rx="5" style={{ fill: c.line }} />
      <rect x="168" y="54" width="126" height="10" rx="5" style={{ fill: c.primary }} />
      <rect x="168" y="80" width="280" height="80" rx="6" style={{ fill: c.page, stroke: c.line }} />
      <rect x="180" y="94" width="220" height="8" rx="4" style={{ fill: c.muted }} />
      <rect x="180" y="110" width="240" height="8" rx="4" style={{ fill: c.muted }} />
      <rect x="180" y="126" width="150" height="8" rx="4" style={{ fill: c.muted }} />
      {[0, 1].map((i) => (
        <g key={i}>
          <rect x={168 + i * 142} y="176" width="134" height="40" rx="6" style={{ fill: c.page, stroke: c.line }} />
          <path d={`M${180 + i * 142} 186 h16 l6 6 v16 h-22 z`} style={{ fill: i === 0 ? c.warning : c.primary }} />
          <rect x={210 + i * 142} y="192" width="80" height="8" rx="4" style={{ fill: c.muted }} />
        </g>
      ))}
      <rect x="364" y="240" width="84" height="28" rx="6" style={{ fill: c.primary }} />
    </IllustrationSvg>
  );
}

/** The GPSR product list with the ZIP download of one product's documentation. */
export function GpsrDownloadImage({ label }: { label: string }) {
  const c = useIllustrationPalette();
  return (
    <IllustrationSvg label={label} viewBox="0 0 480 300">
      <rect width="480" height="300" rx="12" style={{ fill: c.page }} />
      <rect x="16" y="16" width="448" height="268" rx="8" style={{ fill: c.paper, stroke: c.line }} />
      {Array.from({ length: 5 }, (_, i) => (
        <g key={i}>
          <rect
            x="32"
            y={40 + i * 46}
            width="416"
            height="36"
            rx="6"
            style={{ fill: i === 1 ? c.page : c.paper, stroke: c.line }}
          />
          <rect x="44" y={52 + i * 46} width={110 + ((i * 29) % 50)} height="10" rx="5" style={{ fill: c.text }} />
          <rect x="230" y={54 + i * 46} width="90" height="6" rx="3" style={{ fill: c.line }} />
          <rect x="230" y={54 + i * 46} width={[90, 90, 60, 30, 75][i]} height="6" rx="3" style={{ fill: c.success }} />
          <rect x="348" y={48 + i * 46} width="40" height="20" rx="4" style={{ fill: c.line }} />
          <rect x="396" y={48 + i * 46} width="40" height="20" rx="4" style={{ fill: i === 1 ? c.primary : c.line }} />
        </g>
      ))}
      <g transform="translate(330 112)">
        <rect width="120" height="92" rx="8" style={{ fill: c.paper, stroke: c.primary, strokeWidth: 2 }} />
        <path d="M30 18 h40 l14 14 v44 h-54 z" style={{ fill: c.warning }} />
        <rect x="50" y="30" width="6" height="6" style={{ fill: c.paper }} />
        <rect x="50" y="42" width="6" height="6" style={{ fill: c.paper }} />
        <rect x="50" y="54" width="6" height="6" style={{ fill: c.paper }} />
        <path d="M96 40 v26 m-8 -8 l8 8 l8 -8" style={{ fill: 'none', stroke: c.primary, strokeWidth: 3 }} />
      </g>
    </IllustrationSvg>
  );
}
