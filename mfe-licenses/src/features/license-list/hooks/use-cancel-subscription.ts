import { useBusyTask, useHttp, useNotify } from '@portal/shared';
import { formatDate } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { cancelSubscription } from '../api';

/** Cancels a subscription at the end of its period and tells the seller until when it stays usable. */
export function useCancelSubscription(onCancelled: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const { busy, run } = useBusyTask();

  const cancel = (subscriptionId: string) =>
    run({ title: t('subscription_cancel_failed') }, async () => {
      const { currentPeriodEnd } = await cancelSubscription(http, subscriptionId);
      notify.success({
        title: t('subscription_cancelled_title'),
        message: currentPeriodEnd
          ? t('subscription_cancelled_until', { date: formatDate(currentPeriodEnd) })
          : t('subscription_cancelled'),
      });
      onCancelled();
    });
  return { cancel, busy };
}
