import type { ComponentType, CSSProperties } from 'react';

/**
 * An icon from SVG markup (a remote's nav icon in its portal-remote.json), drawn as a mask filled with the current
 * text colour: it follows the theme and the selected state like an MUI icon, at MUI's icon size, and as an image the
 * markup never becomes part of the page's DOM (nothing in it can run).
 */
export function svgDataIcon(svg: string): ComponentType {
  const image = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  const style: CSSProperties = {
    display: 'inline-block',
    flexShrink: 0,
    width: '1em',
    height: '1em',
    fontSize: '1.5rem',
    backgroundColor: 'currentColor',
    maskImage: image,
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
    maskSize: 'contain',
    WebkitMaskImage: image,
    WebkitMaskRepeat: 'no-repeat',
    WebkitMaskPosition: 'center',
    WebkitMaskSize: 'contain',
  };
  function SvgDataIcon() {
    return <span aria-hidden style={style} />;
  }
  return SvgDataIcon;
}
