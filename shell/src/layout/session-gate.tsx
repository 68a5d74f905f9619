import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { apiErrorKey, ErrorPanel, useSession } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** Instead of the page: the inactive-account message (spec §6, the api's slug), or Retry when the api user could not be loaded. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  if (session.accountInactive) {
    return (
      <Alert severity="error" role="alert" sx={{ my: 2 }}>
        {t(apiErrorKey({ slug: 'account-inactive' }), { ns: 'common' })}
      </Alert>
    );
  }
  if (session.failedParts.includes('user')) {
    return <ErrorPanel message={t('user_load_error')} onRetry={() => void session.refresh('user')} />;
  }
  return <>{children}</>;
}
