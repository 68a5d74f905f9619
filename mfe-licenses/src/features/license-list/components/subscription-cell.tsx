import { Button, Stack, Typography } from '@mui/material';
import { formatDate } from '@portal/shared';
import type { License } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

const STATUS_KEYS = {
  Active: 'subscription_status_active',
  Inactive: 'subscription_status_inactive',
  Expired: 'subscription_status_expired',
  Cancelled: 'subscription_status_cancelled',
} as const;

interface Props {
  license: License;
  canCancel: boolean;
  onCancel: (license: License) => void;
}

/** Renews on / ends on, and Cancel for a main user while the subscription runs. */
export function SubscriptionCell({ license, canCancel, onCancel }: Props) {
  const { t } = useTranslation('licenses');
  const sub = license.subscription;
  if (!sub) return null;
  const date = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : null;
  if (sub.status !== 'Active') return <Typography variant="body2">{t(STATUS_KEYS[sub.status])}</Typography>;
  if (sub.cancelAtPeriodEnd) {
    return (
      <Typography variant="body2" color="warning.main">
        {date ? t('subscription_ends_on', { date }) : t('subscription_cancelled')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Typography variant="body2">
        {date ? t('subscription_renews_on', { date }) : t('subscription_status_active')}
      </Typography>
      {canCancel && (
        <Button
          size="small"
          color="error"
          onClick={() => onCancel(license)}
          aria-label={t('subscription_cancel_named', { product: license.productName })}
        >
          {t('subscription_cancel')}
        </Button>
      )}
    </Stack>
  );
}
