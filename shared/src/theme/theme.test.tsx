import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material';
import { createPortalTheme } from './create-theme';
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

describe('createPortalTheme', () => {
  it.each(['light', 'dark'] as const)('%s mode has AA contrast for text and primary buttons', (mode) => {
    const theme = createPortalTheme(mode);
    expect(theme.palette.mode).toBe(mode);
    expect(contrast(theme.palette.text.primary, theme.palette.background.default)).toBeGreaterThanOrEqual(7);
    expect(contrast(theme.palette.text.secondary, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.palette.primary.contrastText, theme.palette.primary.main)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.palette.primary.main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.palette.error.main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('PortalThemeProvider', () => {
  function Mode() {
    return <span>{useTheme().palette.mode}</span>;
  }
  it('provides the theme and toggles the dark class on <html>', () => {
    const { rerender } = render(
      <PortalThemeProvider mode="dark">
        <Mode />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    rerender(
      <PortalThemeProvider mode="light">
        <Mode />
      </PortalThemeProvider>,
    );
    expect(screen.getByText('light')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
