import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /invoices skeleton: real header; the invoice table, payment status and PDF download are a separate, later piece of work. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  return (
    <>
      <PageHeader title={t('invoices.title')} subtitle={t('invoices.description')} />
      <Alert severity="info">
        <AlertTitle>{t('invoices.upcomingTitle')}</AlertTitle>
        {t('invoices.upcomingMessage')}
      </Alert>
    </>
  );
}
