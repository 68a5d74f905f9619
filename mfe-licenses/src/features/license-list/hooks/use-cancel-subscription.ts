import { apiErrorKey, useHttp, useNotify } from '@portal/shared';
import { formatDate } from '@portal/shared/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelSubscription } from '../api';

/** Cancels a subscription at the end of its period and tells the seller until when it stays usable. */
export function useCancelSubscription(onCancelled: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const [busy, setBusy] = useState(false);

  const cancel = useCallback(
    async (subscriptionId: string) => {
      setBusy(true);
      try {
        const { currentPeriodEnd } = await cancelSubscription(http, subscriptionId);
        notify.success({
          title: t('subscription_cancelled_title'),
          message: currentPeriodEnd
            ? t('subscription_cancelled_until', { date: formatDate(currentPeriodEnd) })
            : t('subscription_cancelled'),
        });
        onCancelled();
      } catch (error) {
        notify.error({
          title: t('subscription_cancel_failed'),
          message: t(apiErrorKey(error as { slug?: string; status?: number }), { ns: 'common' }),
        });
      } finally {
        setBusy(false);
      }
    },
    [http, notify, onCancelled, t],
  );
  return { cancel, busy };
}
