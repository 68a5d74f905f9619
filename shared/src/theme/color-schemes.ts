import type { ColorSystemOptions } from '@mui/material/styles';
import type { Theme } from '../domain/types';

/** Calm blue/teal palettes with AA contrast in both modes. */
export const colorSchemes: Record<Theme, ColorSystemOptions> = {
  light: {
    palette: {
      primary: { main: '#1d4f91', dark: '#143a6c', contrastText: '#ffffff' },
      secondary: { main: '#0f766e', contrastText: '#ffffff' },
      error: { main: '#b42318' },
      warning: { main: '#b54708' },
      success: { main: '#067647' },
      info: { main: '#175cd3' },
      background: { default: '#f5f7fa', paper: '#ffffff' },
      text: { primary: '#1a2230', secondary: '#4a5568' },
      divider: '#dde3ea',
    },
  },
  dark: {
    palette: {
      primary: { main: '#8cb8ff', dark: '#5f95e8', contrastText: '#0b1220' },
      secondary: { main: '#5eead4', contrastText: '#0b1220' },
      // `dark` is the background of filled alerts (the notifications) in dark mode; white text on it is AA.
      error: { main: '#f97066', dark: '#b42318' },
      warning: { main: '#fdb022', dark: '#93370d' },
      success: { main: '#47cd89', dark: '#1d7a4f' },
      info: { main: '#84caff', dark: '#175cd3' },
      background: { default: '#0f141b', paper: '#18202b' },
      text: { primary: '#e8edf3', secondary: '#a9b4c2' },
      divider: '#2b3644',
    },
  },
};
