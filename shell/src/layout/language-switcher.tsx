import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Language } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@portal/shared';

export function LanguageSwitcher() {
  const { t } = useTranslation('shell');
  const { language, setLanguage } = usePreferences();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={language}
      aria-label={t('language_switcher_label')}
      onChange={(_event, next: Language | null) => next && setLanguage(next)}
      sx={{
        '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor', py: 0.25, px: 1 },
        // The selected state needs its own colours: inherited text on MUI's tinted background fails contrast.
        // In light mode the app bar itself is primary.main, so the selected button is drawn inverted (white on blue bar).
        // With CSS-variable colour schemes theme.palette.mode is always the default; applyStyles targets the dark class.
        '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': (theme) => ({
          bgcolor: 'common.white',
          color: 'primary.main',
          ...theme.applyStyles('dark', { bgcolor: 'primary.main', color: 'primary.contrastText' }),
        }),
      }}
    >
      <ToggleButton value="en" lang="en" aria-label="English">
        EN
      </ToggleButton>
      <ToggleButton value="de" lang="de" aria-label="Deutsch">
        DE
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
