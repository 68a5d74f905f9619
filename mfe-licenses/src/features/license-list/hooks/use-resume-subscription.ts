import { useBusyTask, useHttp, useNotify } from '@portal/shared';
import { formatDate } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { resumeSubscription } from '../api';

/** Takes back a cancellation while the period lasts and tells the seller when the subscription renews. */
export function useResumeSubscription(onResumed: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const { busy, run } = useBusyTask();

  const resume = (subscriptionId: string) =>
    run({ title: t('subscription_resume_failed') }, async () => {
      const { currentPeriodEnd } = await resumeSubscription(http, subscriptionId);
      notify.success({
        title: t('subscription_resumed_title'),
        message: currentPeriodEnd
          ? t('subscription_renews_on', { date: formatDate(currentPeriodEnd) })
          : t('subscription_status_active'),
      });
      onResumed();
    });
  return { resume, busy };
}
