import { apiErrorKey, isNotFoundError, useHttp, useNotify } from '@portal/shared';
import { INVOICE_PAGE_SIZE, type InvoiceListResponse } from '@portal/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInvoicePage } from '../api';

export type InvoicePageState =
  { status: 'loading' } | { status: 'error'; errorKey: string } | { status: 'ready'; list: InvoiceListResponse };

/**
 * Loads one server-side page of the user's invoices; `reload` fetches it again. A failure shows the 'Failed to
 * fetch invoices' notification (spec §8) besides the error state.
 */
export function useInvoicePage(page: number, pageSize = INVOICE_PAGE_SIZE) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('billing');
  const [state, setState] = useState<InvoicePageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    fetchInvoicePage(http, page, pageSize).then(
      (list) => {
        if (!cancelled) setState({ status: 'ready', list });
      },
      (error: unknown) => {
        if (cancelled) return;
        // Spec §8: a "not found" answer means the user simply has no invoices (no notification).
        if (isNotFoundError(error)) setState({ status: 'ready', list: { invoice_list: [], total: 0 } });
        else {
          const errorKey = apiErrorKey(error as { slug?: string; status?: number });
          setState({ status: 'error', errorKey });
          notify.error({ title: t('invoices_fetch_error'), message: t(errorKey, { ns: 'common' }) });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [http, notify, t, page, pageSize, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
