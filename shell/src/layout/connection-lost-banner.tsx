import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { connectionRef } from '../shell-api/shell-apis';
import { useShellApi } from '../shell-api/shell-api-context';

/** Over every page while the api does not answer: what happened, that it is retried, and "Try again now". */
export function ConnectionLostBanner() {
  const { t } = useTranslation('shell');
  const connection = useShellApi(connectionRef);
  const { lost, checking } = useStore(connection.store);
  if (!lost) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100vw - 16px))',
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Alert
        severity="warning"
        role="alert"
        variant="filled"
        action={
          <Button color="inherit" size="small" disabled={checking} onClick={() => void connection.retryNow()}>
            {t('connection_retry')}
          </Button>
        }
      >
        <AlertTitle>{t('connection_lost_title')}</AlertTitle>
        {t('connection_lost_text')}
      </Alert>
    </Box>
  );
}
