import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import type { Theme } from '../domain/types';
import { portalTheme } from './portal-theme';

/**
 * Where the shell keeps the chosen mode; index.html's head script (shell/src/static-login-scripts.ts) reads it before
 * the first paint. MUI keeps nothing itself: the `mode` prop is the one source of truth.
 */
export const THEME_STORAGE_KEY = 'portal.theme';

export interface PortalThemeProviderProps {
  mode: Theme;
  children?: ReactNode;
  /** Adds CssBaseline (default true). */
  baseline?: boolean;
  /** Puts the mode's class (`dark` / `light`) on <html> (default true); off in component tests. */
  darkClass?: boolean;
}

/** Hands the `mode` prop to MUI's color-scheme API, which switches the CSS variables by the class on <html>. */
function ModeSync({ mode }: { mode: Theme }) {
  const { mode: current, setMode } = useColorScheme();
  useEffect(() => {
    if (current !== mode) setMode(mode);
  }, [current, mode, setMode]);
  return null;
}

export function PortalThemeProvider({ mode, children, baseline = true, darkClass = true }: PortalThemeProviderProps) {
  return (
    <ThemeProvider
      theme={portalTheme()}
      defaultMode={mode}
      storageManager={null}
      colorSchemeNode={darkClass ? undefined : null}
    >
      <ModeSync mode={mode} />
      {baseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
