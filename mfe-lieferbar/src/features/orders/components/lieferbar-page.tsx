import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/lieferbar skeleton: real header; the pending-order counts per shipping type are a separate, later piece of work. */
export function LieferbarPage() {
  const { t } = useTranslation('lieferbar');
  return (
    <>
      <PageHeader title={t('page_title')} subtitle={t('page_description')} />
      <Alert severity="info">
        <AlertTitle>{t('page_upcoming_title')}</AlertTitle>
        {t('page_upcoming_message')}
      </Alert>
    </>
  );
}
