import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { formatDateTime, licenseStatusView, type License } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

export function LicenseStatusCell({ license, now }: { license: License; now: Date }) {
  const { t } = useTranslation('licenses');
  const view = licenseStatusView(license, now);

  if (view.kind === 'none') {
    return (
      <>
        <span aria-hidden="true">–</span>
        <Box component="span" sx={visuallyHidden}>
          {t('status_none')}
        </Box>
      </>
    );
  }

  const text = t(view.kind === 'expired' ? 'status_expired' : 'status_expires', {
    date: formatDateTime(view.date),
    count: view.days,
  });
  return (
    <Typography
      component="span"
      variant="body2"
      data-status={view.kind}
      // The portal theme picks error/success mains with AA contrast on the paper of both modes.
      sx={{ color: view.kind === 'expired' ? 'error.main' : 'success.main', fontWeight: 500 }}
    >
      {text}
    </Typography>
  );
}
