import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/lieferbar skeleton: real header; the pending-order counts per shipping type are a separate, later piece of work. */
export function LieferbarPage() {
  const { t } = useTranslation('lieferbar');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.description')} />
      <Alert severity="info">
        <AlertTitle>{t('page.upcomingTitle')}</AlertTitle>
        {t('page.upcomingMessage')}
      </Alert>
    </>
  );
}
