import { isNotFoundError, useHttp, useLoad, useNotifyFailure } from '@portal/shared';
import { INVOICE_PAGE_SIZE, type InvoiceListResponse } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { fetchInvoicePage } from '../api';

/**
 * Loads one server-side page of the user's invoices; `retry` fetches it again. A failure shows the 'Failed to
 * fetch invoices' notification besides the error state.
 */
export function useInvoicePage(page: number, pageSize = INVOICE_PAGE_SIZE) {
  const http = useHttp();
  const notifyFailure = useNotifyFailure();
  const { t } = useTranslation('billing');
  return useLoad(
    async (signal): Promise<InvoiceListResponse> => {
      try {
        return await fetchInvoicePage(http, page, pageSize);
      } catch (error) {
        // A "not found" answer means the user simply has no invoices (no notification).
        if (isNotFoundError(error)) return { invoice_list: [], total: 0 };
        if (!signal.aborted) {
          notifyFailure(error, { title: t('invoices_fetch_error') });
        }
        throw error;
      }
    },
    [http, notifyFailure, t, page, pageSize],
  );
}
