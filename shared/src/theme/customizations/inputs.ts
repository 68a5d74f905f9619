import type { Components, Theme } from '@mui/material/styles';

/** A visible keyboard focus ring, amber in both modes. */
const focusRing = (theme: Theme) => ({
  outline: '3px solid #f59e0b',
  outlineOffset: 2,
  ...theme.applyStyles('dark', { outlineColor: '#fbbf24' }),
});

export const inputsCustomizations: Components<Theme> = {
  MuiCssBaseline: {
    styleOverrides: (theme) => ({ ':focus-visible': focusRing(theme) }),
  },
  MuiButtonBase: {
    styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
  },
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  // MUI draws an unselected toggle in action.active (#717273 on the light background: 4.49:1, below AA's 4.5).
  MuiToggleButton: {
    styleOverrides: { root: ({ theme }) => ({ color: (theme.vars ?? theme).palette.text.secondary }) },
  },
};
