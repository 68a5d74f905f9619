import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useBusyTask, useNotify, useSession } from '@portal/shared';
import { formatDate, type VatVerification } from '@portal/shared/domain';
import { useProfileApi } from '../api';

/**
 * What VIES said about the saved VAT ID, under the VAT ID field: confirmed (with the registered name and the
 * consultation number), unknown to VIES, or not verified yet (VIES could not answer) with a Retry. Purchases are
 * taxed as without a VAT ID until it is confirmed, and the texts say so.
 */
export function VatVerificationNotice({ verification }: { verification: VatVerification }) {
  const { t } = useTranslation('account');
  const session = useSession();
  const notify = useNotify();
  const api = useProfileApi();
  const { busy, run } = useBusyTask();
  const date = formatDate(verification.checkedAt);

  const retry = () =>
    run({ title: t('profile_vat_retry_failed') }, async () => {
      const answer = await api.retryVatVerification();
      if (answer.status === 'unverified') {
        notify.error({ title: t('profile_vat_retry_failed'), message: t('profile_vat_still_unverified') });
      }
      await session.refresh('profile');
    });

  const wrap = { alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } } as const;

  if (verification.status === 'valid') {
    return (
      <Alert severity="success" role="status" aria-label={t('profile_vat_status_label')}>
        {t('profile_vat_valid', { date })}
        {verification.name && (
          <Box component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {verification.name}
          </Box>
        )}
        {verification.requestId && (
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {t('profile_vat_request_id', { id: verification.requestId })}
          </Box>
        )}
      </Alert>
    );
  }
  if (verification.status === 'invalid') {
    return (
      <Alert severity="error" role="status" aria-label={t('profile_vat_status_label')}>
        {t('profile_vat_invalid', { date })}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      role="status"
      aria-label={t('profile_vat_status_label')}
      sx={wrap}
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={busy}>
          {busy ? t('profile_vat_retrying') : t('profile_vat_retry')}
        </Button>
      }
    >
      {/* No error: never asked yet (e.g. a profile from before VAT IDs were checked); else VIES did not answer. */}
      {verification.error ? t('profile_vat_unverified') : t('profile_vat_unchecked')}
    </Alert>
  );
}
