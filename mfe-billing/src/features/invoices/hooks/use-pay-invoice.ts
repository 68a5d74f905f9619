import { openPaymentWindow, useNotify, watchWindowClosed } from '@portal/shared';
import type { InvoiceView } from '@portal/shared/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * 'Pay now': reopens the invoice's payment page in the centred payment window; when it closes, the list reloads.
 * A blocked pop-up shows the same warning as the purchase dialog.
 */
export function usePayInvoice(onWindowClosed: () => void) {
  const notify = useNotify();
  const { t } = useTranslation('billing');
  const stopWatching = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWatching.current?.(), []);

  return useCallback(
    (invoice: Pick<InvoiceView, 'payment_url'>) => {
      if (!invoice.payment_url) return;
      const popup = openPaymentWindow(invoice.payment_url);
      if (!popup) {
        notify.warning({ title: t('invoices_attention'), message: t('invoices_popup_blocked') });
        return;
      }
      stopWatching.current?.();
      stopWatching.current = watchWindowClosed(popup, () => {
        stopWatching.current = null;
        onWindowClosed();
      });
    },
    [notify, t, onWindowClosed],
  );
}
