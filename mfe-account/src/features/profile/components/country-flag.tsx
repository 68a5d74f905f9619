import type { ReactNode } from 'react';

// Simplified SVG flags (no coats of arms) for the 20 selectable countries. Flag emoji are not an option: Windows and
// many Linux desktops have no flag glyphs and show two letters or empty boxes instead.
const W = 30;
const H = 20;

function stripes(direction: 'h' | 'v', colors: string[], weights: number[] = colors.map(() => 1)): ReactNode {
  const total = weights.reduce((a, b) => a + b, 0);
  let offset = 0;
  return colors.map((fill, i) => {
    const size = ((direction === 'h' ? H : W) * weights[i]) / total;
    const rect =
      direction === 'h' ? (
        <rect key={i} x={0} y={offset} width={W} height={size} fill={fill} />
      ) : (
        <rect key={i} x={offset} y={0} width={size} height={H} fill={fill} />
      );
    offset += size;
    return rect;
  });
}

function nordic(background: string, cross: string, inner?: string): ReactNode {
  return (
    <>
      <rect width={W} height={H} fill={background} />
      <rect x={8} width={4} height={H} fill={cross} />
      <rect y={8} width={W} height={4} fill={cross} />
      {inner && <rect x={9} width={2} height={H} fill={inner} />}
      {inner && <rect y={9} width={W} height={2} fill={inner} />}
    </>
  );
}

const FLAGS: Record<string, ReactNode> = {
  DE: stripes('h', ['#000000', '#DD0000', '#FFCE00']),
  AT: stripes('h', ['#ED2939', '#FFFFFF', '#ED2939']),
  CH: (
    <>
      <rect width={W} height={H} fill="#DA291C" />
      <rect x={13} y={4} width={4} height={12} fill="#FFFFFF" />
      <rect x={9} y={8} width={12} height={4} fill="#FFFFFF" />
    </>
  ),
  FR: stripes('v', ['#002395', '#FFFFFF', '#ED2939']),
  IT: stripes('v', ['#009246', '#FFFFFF', '#CE2B37']),
  NL: stripes('h', ['#AE1C28', '#FFFFFF', '#21468B']),
  BE: stripes('v', ['#000000', '#FAE042', '#ED2939']),
  LU: stripes('h', ['#ED2939', '#FFFFFF', '#00A1DE']),
  GB: (
    <>
      <rect width={W} height={H} fill="#012169" />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#FFFFFF" strokeWidth={4} />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#C8102E" strokeWidth={1.5} />
      <path d="M15,0 V20 M0,10 H30" stroke="#FFFFFF" strokeWidth={6} />
      <path d="M15,0 V20 M0,10 H30" stroke="#C8102E" strokeWidth={3.5} />
    </>
  ),
  IE: stripes('v', ['#169B62', '#FFFFFF', '#FF883E']),
  DK: nordic('#C8102E', '#FFFFFF'),
  SE: nordic('#006AA7', '#FECC00'),
  NO: nordic('#BA0C2F', '#FFFFFF', '#00205B'),
  FI: nordic('#FFFFFF', '#002F6C'),
  ES: stripes('h', ['#AA151B', '#F1BF00', '#AA151B'], [1, 2, 1]),
  PT: stripes('v', ['#006600', '#FF0000'], [2, 3]),
  PL: stripes('h', ['#FFFFFF', '#DC143C']),
  CZ: (
    <>
      {stripes('h', ['#FFFFFF', '#D7141A'])}
      <path d="M0,0 L15,10 L0,20 Z" fill="#11457E" />
    </>
  ),
  SK: stripes('h', ['#FFFFFF', '#0B4EA2', '#EE1C25']),
  HU: stripes('h', ['#CE2939', '#FFFFFF', '#477050']),
};

/** A small decorative flag; renders nothing for an unknown code. */
export function CountryFlag({ code }: { code: string }) {
  const flag = FLAGS[code.toUpperCase()];
  if (!flag) return null;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${W} ${H}`}
      width={21}
      height={14}
      preserveAspectRatio="none"
      style={{ display: 'block', flexShrink: 0, borderRadius: 2, boxShadow: '0 0 0 1px rgba(128, 128, 128, 0.45)' }}
    >
      {flag}
    </svg>
  );
}
