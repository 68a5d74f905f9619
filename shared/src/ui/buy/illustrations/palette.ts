import { useTheme } from '@mui/material/styles';

/** Theme colours for the inline SVG illustrations (CSS variables, so light and dark mode both fit). */
export function useIllustrationPalette() {
  const theme = useTheme();
  const p = (theme.vars ?? theme).palette;
  return {
    primary: p.primary.main,
    onPrimary: p.primary.contrastText,
    paper: p.background.paper,
    page: p.background.default,
    text: p.text.primary,
    muted: p.text.secondary,
    line: p.divider,
    success: p.success.main,
    warning: p.warning.main,
  };
}
