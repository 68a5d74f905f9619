import { Alert, AlertTitle, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorPanelProps {
  /** Default: 'Something went wrong'. */
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a Retry button. */
  onRetry?: () => void;
}

export function ErrorPanel({ title, message, onRetry }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? t('error_panel_title')}</AlertTitle>
      {message}
    </Alert>
  );
}
