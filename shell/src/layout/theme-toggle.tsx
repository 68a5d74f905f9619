import IconButton from '@mui/material/IconButton';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@portal/shared';

/** The dark/light switch: its label (what a click does), icon and action. */
export function useThemeToggle() {
  const { t } = useTranslation('shell');
  const { theme, setTheme } = usePreferences();
  return {
    label: theme === 'dark' ? t('theme_switch_to_light') : t('theme_switch_to_dark'),
    icon: theme === 'dark' ? <LightMode /> : <DarkMode />,
    toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
  };
}

/**
 * The switch on the sign-in pages, with the browser's own hint: MUI's Tooltip would bring Popper (about 9 KB
 * compressed) to /login for this one button. The signed-in header wraps the switch in a Tooltip.
 */
export function ThemeToggle() {
  const { label, icon, toggle } = useThemeToggle();
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={toggle}>
      {icon}
    </IconButton>
  );
}
