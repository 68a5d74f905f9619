import type { Components, Theme } from '@mui/material/styles';

export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
  // Without MUI's elevation overlay a dark dialog is the colour of the cards behind it; a border sets it apart.
  MuiDialog: {
    styleOverrides: {
      paper: ({ theme }) => theme.applyStyles('dark', { border: `1px solid ${(theme.vars ?? theme).palette.divider}` }),
    },
  },
};
