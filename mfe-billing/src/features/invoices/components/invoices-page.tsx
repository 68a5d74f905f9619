import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { EmptyState, LoadView, PageHeader, PagedList, usePageParam, useSession } from '@portal/shared';
import { INVOICE_PAGE_SIZE } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useInvoiceDownload } from '../hooks/use-invoice-download';
import { useInvoicePage } from '../hooks/use-invoice-page';
import { usePayInvoice } from '../hooks/use-pay-invoice';
import { InvoiceTable } from './invoice-table';

/** /invoices: the main user's invoices, one server-side page at a time (?page=); sub-users see none. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  const session = useSession();
  if (session.isSubUser) {
    return (
      <>
        <PageHeader title={t('invoices_title')} />
        <Alert severity="info">{t('invoices_not_for_subusers')}</Alert>
      </>
    );
  }
  return <MainUserInvoices />;
}

function MainUserInvoices() {
  const { t } = useTranslation('billing');
  const { page, goTo } = usePageParam();
  const { state, retry } = useInvoicePage(page);
  const { download, downloadingId } = useInvoiceDownload();
  const pay = usePayInvoice(retry);

  return (
    <>
      <PageHeader title={t('invoices_title')} subtitle={t('invoices_description')} />
      <LoadView
        state={state}
        loadingLabel={t('invoices_loading')}
        errorTitle={t('invoices_fetch_error')}
        onRetry={retry}
      >
        {(data) => (
          <PagedList
            page={page}
            pageSize={INVOICE_PAGE_SIZE}
            total={data.total}
            rows={data.invoice_list.length}
            onPageChange={goTo}
            empty={
              <EmptyState
                title={t('invoices_empty_title')}
                message={t('invoices_empty_message')}
                action={
                  <Button component={RouterLink} to="/licenses/buy" variant="contained">
                    {t('invoices_empty_action')}
                  </Button>
                }
              />
            }
          >
            <InvoiceTable
              invoices={data.invoice_list}
              downloadingId={downloadingId}
              onDownload={(invoice) => void download(invoice.id)}
              onPay={pay}
            />
          </PagedList>
        )}
      </LoadView>
    </>
  );
}
