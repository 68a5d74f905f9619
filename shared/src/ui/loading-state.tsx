import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadingStateProps {
  /** Default: 'Loading…'. */
  label?: ReactNode;
}

export function LoadingState({ label }: LoadingStateProps) {
  const { t } = useTranslation('common');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label ?? t('loading')}</Typography>
    </Box>
  );
}
