import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  // Underlined by default: a link inside running text must not rely on colour alone (WCAG 1.4.1); standalone
  // link rows (footer, legal links) opt into 'hover'.
  MuiLink: { defaultProps: { underline: 'always' } },
};
