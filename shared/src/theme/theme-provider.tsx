import { CssBaseline, ThemeProvider } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Theme } from '../domain/types';
import { createPortalTheme } from './create-theme';

export interface PortalThemeProviderProps {
  mode: Theme;
  children?: ReactNode;
  /** Adds CssBaseline (default true). */
  baseline?: boolean;
  /** Toggles the `dark` class on <html> (spec §2 Shared layout); default true. */
  darkClass?: boolean;
}

export function PortalThemeProvider({ mode, children, baseline = true, darkClass = true }: PortalThemeProviderProps) {
  const theme = useMemo(() => createPortalTheme(mode), [mode]);
  useEffect(() => {
    if (!darkClass || typeof document === 'undefined') return;
    document.documentElement.classList.toggle('dark', mode === 'dark');
  }, [mode, darkClass]);
  return (
    <ThemeProvider theme={theme}>
      {baseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
