import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: { defaultProps: { underline: 'hover' } },
};
