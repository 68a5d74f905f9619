import { openPaymentWindow, useNotify, useSession, watchWindowClosed } from '@portal/shared';
import type { License } from '@portal/shared/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Pay now" for a subscription whose automatic renewal charge was declined: opens the open renewal invoice's
 * payment page in the shared payment window; when the window closes the page and the session's licenses reload
 * (paid → the subscription is Active again). A blocked pop-up shows the purchase dialog's warning.
 */
export function usePayRenewal(onWindowClosed: () => void) {
  const notify = useNotify();
  const session = useSession();
  const { t } = useTranslation('licenses');
  const stopWatching = useRef<(() => void) | null>(null);

  useEffect(() => () => stopWatching.current?.(), []);

  return useCallback(
    (license: License) => {
      const url = license.subscription?.renewalInvoice?.paymentUrl;
      if (!url) return;
      const popup = openPaymentWindow(url);
      if (!popup) {
        notify.warning({ title: t('subscription_pay_attention'), message: t('subscription_pay_popup_blocked') });
        return;
      }
      stopWatching.current?.();
      stopWatching.current = watchWindowClosed(popup, () => {
        stopWatching.current = null;
        onWindowClosed();
        void session.refresh('licenses');
      });
    },
    [notify, session, t, onWindowClosed],
  );
}
