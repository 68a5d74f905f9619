import { usePaymentWindow } from '@portal/shared';
import type { InvoiceView } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

/**
 * 'Pay now': reopens the invoice's payment page in the centred payment window; when it closes, the list reloads.
 * A blocked pop-up shows the same warning as the purchase dialog.
 */
export function usePayInvoice(onWindowClosed: () => void) {
  const { t } = useTranslation('billing');
  const open = usePaymentWindow(onWindowClosed);
  return (invoice: Pick<InvoiceView, 'payment_url'>) => {
    if (invoice.payment_url)
      open(invoice.payment_url, { title: t('invoices_attention'), message: t('invoices_popup_blocked') });
  };
}
