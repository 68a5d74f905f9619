import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LicenseWarnings } from '../license-warnings';

/**
 * Trial / expiring / expired messages above the table (a failed renewal payment is the portal's own banner); renders
 * nothing when there is nothing to warn about.
 */
export function LicenseWarningAlerts({ warnings }: { warnings: LicenseWarnings }) {
  const { t } = useTranslation('licenses');
  if (!warnings.trial && !warnings.expiring && !warnings.expired) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {warnings.expired > 0 && <Alert severity="error">{t('warnings_expired', { count: warnings.expired })}</Alert>}
      {warnings.expiring > 0 && (
        <Alert severity="warning">{t('warnings_expiring', { count: warnings.expiring })}</Alert>
      )}
      {warnings.trial > 0 && <Alert severity="info">{t('warnings_trial')}</Alert>}
    </Stack>
  );
}
