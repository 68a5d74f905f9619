import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/freshdesk skeleton: real header; license check, API key, manual and buy sections are a separate, later piece of work. */
export function FreshdeskPage() {
  const { t } = useTranslation('freshdesk');
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
