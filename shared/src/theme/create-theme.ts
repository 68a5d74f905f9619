import { alpha, createTheme, type Theme as MuiTheme } from '@mui/material/styles';
import type { Theme } from '../domain/types';

const brand = {
  light: {
    primary: '#1d4f91',
    primaryDark: '#143a6c',
    secondary: '#0f766e',
    background: '#f5f7fa',
    paper: '#ffffff',
    text: '#1a2230',
    muted: '#4a5568',
    divider: '#dde3ea',
  },
  dark: {
    primary: '#8cb8ff',
    primaryDark: '#5f95e8',
    secondary: '#5eead4',
    background: '#0f141b',
    paper: '#18202b',
    text: '#e8edf3',
    muted: '#a9b4c2',
    divider: '#2b3644',
  },
} as const;

/** The portal's MUI theme: calm blue/teal palette, AA contrast in both modes, a visible keyboard focus ring. */
export function createPortalTheme(mode: Theme): MuiTheme {
  const c = brand[mode];
  const focusRing = `3px solid ${mode === 'light' ? '#f59e0b' : '#fbbf24'}`;
  return createTheme({
    palette: {
      mode,
      primary: { main: c.primary, dark: c.primaryDark, contrastText: mode === 'light' ? '#ffffff' : '#0b1220' },
      secondary: { main: c.secondary, contrastText: mode === 'light' ? '#ffffff' : '#0b1220' },
      error: { main: mode === 'light' ? '#b42318' : '#f97066' },
      warning: { main: mode === 'light' ? '#b54708' : '#fdb022' },
      success: { main: mode === 'light' ? '#067647' : '#47cd89' },
      info: { main: mode === 'light' ? '#175cd3' : '#84caff' },
      background: { default: c.background, paper: c.paper },
      text: { primary: c.text, secondary: c.muted },
      divider: c.divider,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3 },
      h3: { fontSize: '1.125rem', fontWeight: 650 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: focusRing, outlineOffset: 2 },
        },
      },
      MuiButtonBase: {
        defaultProps: { disableRipple: false },
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: focusRing, outlineOffset: 2 } } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // Dark mode: the tint of a standard alert is nearly the page colour, so a thin border in its colour outlines it.
      MuiAlert: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            if ((ownerState.variant ?? 'standard') !== 'standard') return {};
            if (mode === 'dark')
              return { border: `1px solid ${alpha(theme.palette[ownerState.severity ?? 'success'].main, 0.4)}` };
            // Light mode: MUI's tint of the dark-orange warning main is nearly the error pink; use a clear amber tint.
            return ownerState.severity === 'warning' ? { backgroundColor: '#fff6e0' } : {};
          },
        },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Without MUI's elevation overlay a dark dialog is the colour of the cards behind it; a border sets it apart.
      MuiDialog: { styleOverrides: { paper: mode === 'dark' ? { border: `1px solid ${c.divider}` } : {} } },
      // MUI lightens the divider by 88 % for cell borders, which made table rows run together in light mode.
      MuiTableCell: { styleOverrides: { root: { borderBottomColor: c.divider } } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
