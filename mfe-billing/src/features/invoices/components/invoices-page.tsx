import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /invoices skeleton: real header; the invoice table, payment status and PDF download are a separate, later piece of work. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  return (
    <>
      <PageHeader title={t('invoices_title')} subtitle={t('invoices_description')} />
      <Alert severity="info">
        <AlertTitle>{t('invoices_upcoming_title')}</AlertTitle>
        {t('invoices_upcoming_message')}
      </Alert>
    </>
  );
}
