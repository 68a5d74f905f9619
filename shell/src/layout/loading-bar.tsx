import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useShellState } from '../shell-api/shell-api-context';
import { loadingStateRef } from '../shell-api/shell-apis';

/** Global loading indicator, driven by the loading counter (visible while count > 0). */
export function LoadingBar() {
  const { t } = useTranslation('shell');
  const busy = useShellState(loadingStateRef, (state) => state.count > 0);
  if (!busy) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}>
      <LinearProgress aria-label={t('loading')} />
    </Box>
  );
}
