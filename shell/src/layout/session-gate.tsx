import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { apiErrorKey, ErrorPanel, useSession } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useConnectionLost } from './use-connection-lost';

/**
 * Instead of the page: the inactive-account message (the api's slug), or Retry when the api user could not be
 * loaded (saying that the server is not reachable when the connection is lost).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const lost = useConnectionLost();
  if (session.accountInactive) {
    return (
      <Alert severity="error" role="alert" sx={{ my: 2 }}>
        {t(apiErrorKey({ slug: 'account-inactive' }), { ns: 'common' })}
      </Alert>
    );
  }
  if (session.failedParts.includes('user')) {
    const message = lost ? t('connection_lost_page') : t('user_load_error');
    return <ErrorPanel message={message} onRetry={() => void session.refresh('user')} />;
  }
  return <>{children}</>;
}
