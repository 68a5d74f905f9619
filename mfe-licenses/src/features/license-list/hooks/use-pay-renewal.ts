import { usePaymentWindow, useSession } from '@portal/shared';
import type { License } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

/**
 * "Pay now" for a subscription whose automatic renewal charge was declined: opens the open renewal invoice's
 * payment page in the shared payment window; when the window closes the page and the session's licenses reload
 * (paid → the subscription is Active again). A blocked pop-up shows the purchase dialog's warning.
 */
export function usePayRenewal(onWindowClosed: () => void) {
  const session = useSession();
  const { t } = useTranslation('licenses');
  const open = usePaymentWindow(() => {
    onWindowClosed();
    void session.refresh('licenses');
  });
  return (license: License) => {
    const url = license.subscription?.renewalInvoice?.paymentUrl;
    if (url) open(url, { title: t('subscription_pay_attention'), message: t('subscription_pay_popup_blocked') });
  };
}
