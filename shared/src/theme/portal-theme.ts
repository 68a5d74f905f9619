import type {} from '@mui/material/themeCssVarsAugmentation';
import { createTheme } from '@mui/material/styles';
import { colorSchemes } from './color-schemes';
import { dataDisplayCustomizations } from './customizations/data-display';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';

let theme: ReturnType<typeof createTheme> | null = null;

/**
 * The portal's one MUI theme. Both colour schemes are CSS variables; the `light` / `dark` class on <html> picks
 * one (set by MUI's color-scheme API, and before the first paint by index.html's head script in
 * shell/src/static-login-scripts.ts). Built on first use, in the first render, not while the page's modules are
 * evaluated (that one task is the longest of a page load).
 */
export function portalTheme() {
  theme ??= buildPortalTheme();
  return theme;
}

const buildPortalTheme = () =>
  createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes,
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3 },
      h3: { fontSize: '1.125rem', fontWeight: 650 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      ...inputsCustomizations,
      ...feedbackCustomizations,
      ...surfacesCustomizations,
      ...dataDisplayCustomizations,
      ...navigationCustomizations,
    },
  });
