import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { formatDate } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import type { LicenseWarnings } from '../license-warnings';

/**
 * Declined renewal payments, then trial / expiring / expired messages above the table; renders nothing when there
 * is nothing to warn about.
 */
export function LicenseWarningAlerts({ warnings }: { warnings: LicenseWarnings }) {
  const { t } = useTranslation('licenses');
  const failed = warnings.renewalFailed;
  if (!warnings.trial && !warnings.expiring && !warnings.expired && failed.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {failed.map((f) => (
        <Alert severity="error" key={f.productName}>
          <AlertTitle>{t('warnings_renewal_failed_title', { product: f.productName })}</AlertTitle>
          {f.until ? t('warnings_renewal_failed_until', { date: formatDate(f.until) }) : t('warnings_renewal_failed')}
        </Alert>
      ))}
      {warnings.expired > 0 && <Alert severity="error">{t('warnings_expired', { count: warnings.expired })}</Alert>}
      {warnings.expiring > 0 && (
        <Alert severity="warning">{t('warnings_expiring', { count: warnings.expiring })}</Alert>
      )}
      {warnings.trial > 0 && <Alert severity="info">{t('warnings_trial')}</Alert>}
    </Stack>
  );
}
