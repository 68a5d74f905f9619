import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@portal/shared';

export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { theme, setTheme } = usePreferences();
  const label = theme === 'dark' ? t('theme_switch_to_light') : t('theme_switch_to_dark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
        {theme === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
