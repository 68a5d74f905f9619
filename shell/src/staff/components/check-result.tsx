import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ManifestCheckReason } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import type { ManifestCheckState } from '../hooks/use-manifest-check';

/** The text of each reason the api gives for a manifest that is not valid (a fixed set, see the shared schema). */
const REASON_KEYS: Record<Exclude<ManifestCheckReason, 'no-remote'>, string> = {
  'not-reachable': 'staff_check_reason_not_reachable',
  'invalid-json': 'staff_check_reason_invalid_json',
  'not-a-manifest': 'staff_check_reason_not_a_manifest',
};

/** What the api found at a manifest URL: a valid manifest exposing ./remote, or why not. */
export function CheckResult({ state }: { state: ManifestCheckState }) {
  const { t } = useTranslation('shell');
  if (state.status === 'idle') return null;

  let tone: 'success.main' | 'warning.main' | 'error.main' | 'text.secondary' = 'text.secondary';
  let icon = <CircularProgress size={16} aria-hidden />;
  let text = t('staff_check_running');
  if (state.status === 'failed') {
    tone = 'error.main';
    icon = <ErrorOutline fontSize="small" />;
    text = t('staff_check_failed', { reason: t(state.errorKey, { ns: 'common' }) });
  } else if (state.status === 'done') {
    const { result } = state;
    if (result.valid) {
      tone = 'success.main';
      icon = <CheckCircle fontSize="small" />;
      text = t('staff_check_ok', { remote: result.remoteName ?? '–' });
    } else if (result.reason === 'no-remote') {
      tone = 'warning.main';
      icon = <WarningAmber fontSize="small" />;
      text = t('staff_check_no_remote');
    } else {
      tone = 'error.main';
      icon = <ErrorOutline fontSize="small" />;
      text = t('staff_check_invalid', { reason: t(REASON_KEYS[result.reason ?? 'not-reachable']) });
    }
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, color: tone, mt: 0.5, overflowWrap: 'anywhere' }}
    >
      <Box component="span" sx={{ display: 'inline-flex', mt: '2px' }}>
        {icon}
      </Box>
      <Typography variant="body2" component="span" sx={{ color: 'inherit' }}>
        {text}
      </Typography>
    </Box>
  );
}
