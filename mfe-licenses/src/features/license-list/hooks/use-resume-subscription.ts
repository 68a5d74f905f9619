import { formatDate } from '@portal/shared/domain';
import { resumeSubscription } from '../api';
import { useLicenseStep } from './use-license-step';

/** Takes back a cancellation while the period lasts and tells the seller when the subscription renews. */
export function useResumeSubscription(onResumed: () => void) {
  const { start: resume, busy } = useLicenseStep(
    'subscription_resume_failed',
    async (subscriptionId: string, { http, t }) => {
      const { currentPeriodEnd } = await resumeSubscription(http, subscriptionId);
      return {
        title: t('subscription_resumed_title'),
        message: currentPeriodEnd
          ? t('subscription_renews_on', { date: formatDate(currentPeriodEnd) })
          : t('subscription_status_active'),
      };
    },
    onResumed,
  );
  return { resume, busy };
}
