import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, isLicenseValid, type License } from '@portal/shared/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_KEYS = {
  Active: 'subscription_status_active',
  Inactive: 'subscription_status_inactive',
  Expired: 'subscription_status_expired',
  Cancelled: 'subscription_status_cancelled',
} as const;

interface Props {
  license: License;
  /** The moment the page reads the licenses at (the payment grace is over or not). */
  now: Date;
  /** Main users cancel and pay; sub-users only see the state. */
  canCancel: boolean;
  onCancel: (license: License) => void;
  /** Takes back "cancel at period end" while the period lasts. */
  onResume: (license: License) => void;
  /** Takes back a plan change that waits for the period end. */
  onKeepPlan: (license: License) => void;
  /** A cancel or undo of this page is running. */
  busy?: boolean;
  onPay: (license: License) => void;
}

/**
 * One of the seller's actions on a subscription (pay, resume, cancel, keep the plan, approve): a small button whose
 * accessible name names the product, so that the actions of the rows of the table are told apart.
 */
function SubscriptionAction({
  step,
  license,
  ...button
}: {
  step: 'pay' | 'resume' | 'cancel' | 'keep_plan' | 'approve';
  license: License;
  /** With `href`: where the link opens (the provider's page in a new tab). */
  target?: string;
  rel?: string;
} & Omit<ButtonProps, 'size' | 'children'>) {
  const { t } = useTranslation('licenses');
  return (
    <Button size="small" {...button} aria-label={t(`subscription_${step}_named`, { product: license.productName })}>
      {t(`subscription_${step}`)}
    </Button>
  );
}

/** Where a running subscription stands, with the seller's action beside it (below it when the cell is narrow). */
function StatusWithAction({ status, color, children }: { status: ReactNode; color?: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Typography variant="body2" sx={color ? { color } : undefined}>
        {status}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Renews on (and the plan change waiting for the period end) / cancelled, usable until / payment failed with "Pay now" (the declined renewal, paid in the payment
 * window; usable until the payment grace ends, "payment overdue" after it) / ended, and Cancel for a main user while
 * the subscription runs (Undo cancellation while a cancelled one's period lasts).
 */
export function SubscriptionCell({
  license,
  now,
  canCancel,
  onCancel,
  onResume,
  onKeepPlan,
  busy = false,
  onPay,
}: Props) {
  const { t } = useTranslation('licenses');
  const sub = license.subscription;
  if (!sub) return <Typography variant="body2">{t('subscription_none')}</Typography>;
  const date = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : null;
  if (sub.status === 'Inactive' || sub.renewalInvoice) {
    const payable = canCancel && !!sub.renewalInvoice?.paymentUrl;
    const usable = isLicenseValid(license, now);
    const until = formatDate(license.paymentGraceUntil ?? sub.currentPeriodEnd);
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 500 }}>
          {t(usable ? 'subscription_status_inactive' : 'subscription_payment_overdue')}
        </Typography>
        {usable && until && <Typography variant="body2">{t('subscription_usable_until', { date: until })}</Typography>}
        {payable && (
          <SubscriptionAction
            step="pay"
            license={license}
            variant="contained"
            color="error"
            onClick={() => onPay(license)}
          />
        )}
      </Stack>
    );
  }
  if (sub.status !== 'Active') return <Typography variant="body2">{t(STATUS_KEYS[sub.status])}</Typography>;
  if (sub.cancelAtPeriodEnd) {
    return (
      <StatusWithAction
        status={date ? t('subscription_ends_on', { date }) : t('subscription_cancelled')}
        color="warning.main"
      >
        {canCancel && (
          <SubscriptionAction step="resume" license={license} disabled={busy} onClick={() => onResume(license)} />
        )}
      </StatusWithAction>
    );
  }
  const change = sub.scheduledChange;
  const renews = (
    <StatusWithAction status={date ? t('subscription_renews_on', { date }) : t('subscription_status_active')}>
      {canCancel && (
        <SubscriptionAction step="cancel" license={license} color="error" onClick={() => onCancel(license)} />
      )}
    </StatusWithAction>
  );
  const approval = sub.providerApprovalUrl;
  if (!change && !approval) return renews;
  // A cheaper plan waits for the period end: the renewal then switches the license and bills the new plan. A new price
  // the payment provider bills only once the seller confirmed it there (PayPal) is offered until PayPal reports it.
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {renews}
      {change && (
        <Typography variant="body2" sx={{ color: 'info.main', fontWeight: 500 }}>
          {t('subscription_changes_to', { plan: change.productName, date: formatDate(change.effectiveAt) })}
        </Typography>
      )}
      {change && canCancel && (
        <SubscriptionAction step="keep_plan" license={license} disabled={busy} onClick={() => onKeepPlan(license)} />
      )}
      {approval && (
        <>
          <Typography variant="body2" sx={{ color: 'warning.main' }}>
            {t('subscription_approval_waiting')}
          </Typography>
          {canCancel && (
            <SubscriptionAction
              step="approve"
              license={license}
              variant="contained"
              href={approval}
              target="_blank"
              rel="noopener noreferrer"
            />
          )}
        </>
      )}
    </Stack>
  );
}
