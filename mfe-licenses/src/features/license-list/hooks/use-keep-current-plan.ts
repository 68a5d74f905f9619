import type { License } from '@portal/shared/domain';
import { keepCurrentPlan } from '../api';
import { useLicenseStep } from './use-license-step';

/**
 * Takes back a plan change that waits for the period end; the current plan renews as before. When PayPal had already
 * accepted the change, the seller confirms the current price there once more (the list then offers the link).
 */
export function useKeepCurrentPlan(onKept: () => void) {
  const { start: keep, busy } = useLicenseStep(
    'subscription_keep_plan_failed',
    async (license: License, { http, t }) => {
      const { approval_url } = await keepCurrentPlan(http, license.subscription!.id);
      return {
        title: t('subscription_plan_kept_title'),
        message: t(approval_url ? 'subscription_plan_kept_approve' : 'subscription_plan_kept_text', {
          product: license.productName,
        }),
      };
    },
    onKept,
  );
  return { keep, busy };
}
