import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/mobile-app skeleton: real header; how-it-works, store links and buy sections are a separate, later piece of work. */
export function MobileAppPage() {
  const { t } = useTranslation('mobile');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.description')} backTo="/dashboard" />
      <Alert severity="info">
        <AlertTitle>{t('page.upcomingTitle')}</AlertTitle>
        {t('page.upcomingMessage')}
      </Alert>
    </>
  );
}
