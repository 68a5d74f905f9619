import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A progress bar with its percent, named for screen readers. */
export function ProductProgress({ value, label }: { value: number; label: string }) {
  const { t } = useTranslation('gpsr');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120, flex: 1 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
        {t('progress_percent', { progress: value })}
      </Typography>
    </Box>
  );
}
