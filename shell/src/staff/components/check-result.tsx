import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ManifestCheckState } from '../hooks/use-manifest-check';

/** What the api found at a manifest URL: reachable, exposes ./remote, how long it took — or why not. */
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
    const ms = t('staff_check_ms', { ms: Math.round(result.ms) });
    if (!result.reachable) {
      tone = 'error.main';
      icon = <ErrorOutline fontSize="small" />;
      const reason = result.error ?? (result.status != null ? `HTTP ${result.status}` : t('staff_check_no_answer'));
      text = `${t('staff_check_unreachable', { reason })} · ${ms}`;
    } else if (!result.exposesRemote) {
      tone = 'warning.main';
      icon = <WarningAmber fontSize="small" />;
      text = `${t('staff_check_no_remote', { status: result.status ?? '–' })} · ${ms}`;
    } else {
      tone = 'success.main';
      icon = <CheckCircle fontSize="small" />;
      text = `${t('staff_check_ok', { remote: result.remoteName ?? '–' })} · ${ms}`;
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
