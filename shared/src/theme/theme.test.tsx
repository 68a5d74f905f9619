import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import type { Theme } from '../domain/types';
import { portalTheme } from './portal-theme';
import { PortalThemeProvider } from './theme-provider';

/** WCAG relative luminance contrast ratio. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const palette = (mode: Theme) => portalTheme().colorSchemes[mode]!.palette;

/** The colour an element is drawn in: jsdom leaves var() unresolved, the variables live on <html>. */
function drawnColor(element: HTMLElement): string {
  const color = getComputedStyle(element).color;
  const variable = /^var\((--[\w-]+)(,.*)?\)$/.exec(color)?.[1];
  return variable ? getComputedStyle(document.documentElement).getPropertyValue(variable).trim() : color;
}

function ErrorText() {
  return <Typography color="error">mode {useColorScheme().mode}</Typography>;
}

beforeEach(() => {
  document.documentElement.className = '';
});

describe('portalTheme', () => {
  it.each(['light', 'dark'] as const)('%s scheme has AA contrast for text and primary buttons', (mode) => {
    const p = palette(mode);
    expect(p.mode).toBe(mode);
    expect(contrast(p.text.primary, p.background.default)).toBeGreaterThanOrEqual(7);
    expect(contrast(p.text.secondary, p.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.primary.contrastText, p.primary.main)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.primary.main, p.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.error.main, p.background.paper)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws filled alerts (notifications) in dark mode with AA contrast', () => {
    const p = palette('dark');
    for (const severity of ['error', 'warning', 'success', 'info'] as const) {
      const background = p[severity].dark;
      const text = p.getContrastText(background);
      expect(text).toBe('#fff'); // MUI's filled-alert text colour for this background
      expect(contrast('#ffffff', background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is one theme whose colours are CSS variables switched by a class', () => {
    expect(portalTheme().vars?.palette.error.main).toBe('var(--mui-palette-error-main, #b42318)');
    expect(portalTheme().getColorSchemeSelector('dark')).toBe('.dark &');
  });
});

describe('PortalThemeProvider', () => {
  it('switches MUI color scheme, the class on <html> and the drawn colours with the mode prop', () => {
    const { rerender } = render(
      <PortalThemeProvider mode="dark">
        <ErrorText />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('mode dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(drawnColor(screen.getByText('mode dark'))).toBe(palette('dark').error.main);

    rerender(
      <PortalThemeProvider mode="light">
        <ErrorText />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('mode light')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(drawnColor(screen.getByText('mode light'))).toBe(palette('light').error.main);
  });

  it('starts in the given mode and keeps nothing in storage (the shell owns the preference)', () => {
    window.localStorage.clear();
    render(
      <PortalThemeProvider mode="dark">
        <ErrorText />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('mode dark')).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
  });

  it('leaves <html> alone with darkClass off (component tests)', () => {
    render(
      <PortalThemeProvider mode="dark" darkClass={false}>
        <ErrorText />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('mode dark')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
