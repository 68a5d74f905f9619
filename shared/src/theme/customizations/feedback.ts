import type { Components, Theme } from '@mui/material/styles';

export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: ({ ownerState, theme }) => {
        if ((ownerState.variant ?? 'standard') !== 'standard') return {};
        const severity = ownerState.severity ?? 'success';
        return [
          // Light mode: MUI's tint of the dark-orange warning main is nearly the error pink; use a clear amber tint.
          severity === 'warning' ? theme.applyStyles('light', { backgroundColor: '#fff6e0' }) : {},
          // Dark mode: the tint of a standard alert is nearly the page colour, so a thin border in its colour outlines it.
          theme.applyStyles('dark', {
            border: `1px solid ${theme.alpha((theme.vars ?? theme).palette[severity].main, 0.4)}`,
          }),
        ];
      },
    },
  },
};
