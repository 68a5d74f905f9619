import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/mobile-app skeleton: real header; how-it-works, store links and buy sections are a separate, later piece of work. */
export function MobileAppPage() {
  const { t } = useTranslation('mobile');
  return (
    <>
      <PageHeader title={t('page_title')} subtitle={t('page_description')} backTo="/dashboard" />
      <Alert severity="info">
        <AlertTitle>{t('page_upcoming_title')}</AlertTitle>
        {t('page_upcoming_message')}
      </Alert>
    </>
  );
}
