import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../i18n';
import { supportCodeOf } from '../services/api-error';

export interface ErrorPanelProps {
  /** Default: 'Something went wrong'. */
  title?: ReactNode;
  message?: ReactNode;
  /**
   * A failed request, told by its apiErrorKey message when there is no `message`; its support code (the request's
   * X-Request-Id) is shown below, so that support finds the api's log lines of exactly this request.
   */
  error?: unknown;
  /** Shows a Retry button. */
  onRetry?: () => void;
  /** The Retry button's text; default: 'Retry'. */
  retryLabel?: ReactNode;
}

export function ErrorPanel({ title, message, error, onRetry, retryLabel }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  const supportCode = supportCodeOf(error);
  return (
    <Alert
      severity="error"
      role="alert"
      // On narrow screens the Retry button moves below the text instead of squeezing it into a wrapped column.
      sx={{
        my: 2,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 0%', minWidth: 0 },
        '& .MuiAlert-action': {
          ml: { xs: 0, sm: 'auto' },
          width: { xs: '100%', sm: 'auto' },
          justifyContent: 'flex-end',
          pt: { xs: 0, sm: 0.5 },
        },
      }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
            {retryLabel ?? t('retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? t('error_panel_title')}</AlertTitle>
      {message ?? (error != null && t(apiErrorKey(error)))}
      {supportCode && (
        <Box component="p" sx={{ m: 0, mt: 0.5, typography: 'body2', opacity: 0.8, overflowWrap: 'anywhere' }}>
          {t('support_code', { code: supportCode })}
        </Box>
      )}
    </Alert>
  );
}
