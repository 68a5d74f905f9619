import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface IllustrationSvgProps {
  label: string;
  viewBox: string;
  maxWidth?: number;
  /** Centred when narrower than its container. */
  centred?: boolean;
  children: ReactNode;
}

/** An illustration's inline SVG: as wide as its container (up to `maxWidth`), named for screen readers. */
export function IllustrationSvg({ label, viewBox, maxWidth, centred, children }: IllustrationSvgProps) {
  return (
    <Box
      component="svg"
      viewBox={viewBox}
      role="img"
      aria-label={label}
      sx={{ width: '100%', maxWidth, height: 'auto', display: 'block', mx: centred ? 'auto' : undefined }}
    >
      {children}
    </Box>
  );
}
