import { formatDate } from '@portal/shared/domain';
import { cancelSubscription } from '../api';
import { useLicenseStep } from './use-license-step';

/** Cancels a subscription at the end of its period and tells the seller until when it stays usable. */
export function useCancelSubscription(onCancelled: () => void) {
  const { start: cancel, busy } = useLicenseStep(
    'subscription_cancel_failed',
    async (subscriptionId: string, { http, t }) => {
      const { currentPeriodEnd } = await cancelSubscription(http, subscriptionId);
      return {
        title: t('subscription_cancelled_title'),
        message: currentPeriodEnd
          ? t('subscription_cancelled_until', { date: formatDate(currentPeriodEnd) })
          : t('subscription_cancelled'),
      };
    },
    onCancelled,
  );
  return { cancel, busy };
}
