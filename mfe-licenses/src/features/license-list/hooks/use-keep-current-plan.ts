import { useBusyTask, useHttp, useNotify } from '@portal/shared';
import type { License } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { keepCurrentPlan } from '../api';

/**
 * Takes back a plan change that waits for the period end; the current plan renews as before. When PayPal had already
 * accepted the change, the seller confirms the current price there once more (the list then offers the link).
 */
export function useKeepCurrentPlan(onKept: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const { busy, run } = useBusyTask();

  const keep = (license: License) =>
    run({ title: t('subscription_keep_plan_failed') }, async () => {
      const { approval_url } = await keepCurrentPlan(http, license.subscription!.id);
      notify.success({
        title: t('subscription_plan_kept_title'),
        message: t(approval_url ? 'subscription_plan_kept_approve' : 'subscription_plan_kept_text', {
          product: license.productName,
        }),
      });
      onKept();
    });
  return { keep, busy };
}
