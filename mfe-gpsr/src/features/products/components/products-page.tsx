import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/gpsr skeleton: real header; the product list (progress, documentation download, delete) is a separate, later piece of work. */
export function ProductsPage() {
  const { t } = useTranslation('gpsr');
  return (
    <>
      <PageHeader title={t('products_title')} subtitle={t('products_description')} backTo="/dashboard" />
      <Alert severity="info">
        <AlertTitle>{t('products_upcoming_title')}</AlertTitle>
        {t('products_upcoming_message')}
      </Alert>
    </>
  );
}
