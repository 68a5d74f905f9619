import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorPanel, type LoadState } from '@portal/shared';
import { EMAIL_BLOCK_SIZE, MAX_MONTHLY_OVERAGE_EUR, type LicenseUsage } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { isLicenseRequired } from '../api';

/** "2026-11" → "November 2026" in the interface language (UTC: the api counts months in UTC). */
function monthName(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * The emails the fresh_desk plugin reported this month against what the plan includes, as text and a progress
 * bar; above the quota a note that extra blocks are charged at month end (at most 45 € a month).
 */
export function EmailUsageCard({ state, onRetry }: { state: LoadState<LicenseUsage>; onRetry: () => void }) {
  const { t, i18n } = useTranslation('freshdesk');
  // No valid license for the usage (the api's answer): nothing to show.
  if (state.status === 'error' && isLicenseRequired(state.error)) return null;
  const language = i18n.language;
  const number = (n: number) => n.toLocaleString(language === 'en' ? 'en-GB' : 'de-DE');

  let body;
  if (state.status === 'loading') {
    // The shape of the usage below (month, figures, bar, note), so the card keeps its height when the usage arrives
    // and nothing under it moves.
    body = (
      <Stack role="status" aria-label={t('usage_loading')}>
        <Skeleton variant="text" width="40%" sx={{ mb: 1 }} />
        <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem', mb: 1 }} />
        <Skeleton variant="rounded" height={10} />
        <Skeleton variant="text" sx={{ mt: 2 }} />
        <Skeleton variant="text" width="60%" />
      </Stack>
    );
  } else if (state.status === 'error') {
    body = <ErrorPanel title={t('usage_error_title')} error={state.error} onRetry={onRetry} />;
  } else {
    const { used, included, month } = state.data;
    const percent = included > 0 ? Math.min(100, Math.round((used / included) * 100)) : used > 0 ? 100 : 0;
    const over = Math.max(0, used - included);
    const summary = t('usage_summary', { used: number(used), included: number(included) });
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('usage_month', { month: monthName(month, language) })}
        </Typography>
        <Stack direction="row" justifyContent="space-between" alignItems="baseline" sx={{ mb: 1, gap: 1 }}>
          <Typography variant="h3" component="p" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
            {summary}
          </Typography>
          <Typography color="text.secondary" aria-hidden>
            {percent} %
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={over > 0 ? 'warning' : 'primary'}
          aria-label={t('usage_progress_label')}
          aria-valuetext={summary}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Box sx={{ mt: 2 }}>
          {used === 0 && <Typography color="text.secondary">{t('usage_empty')}</Typography>}
          {over > 0 && (
            <Alert severity="warning">
              {t('usage_over', {
                over: number(over),
                block: number(EMAIL_BLOCK_SIZE),
                cap: MAX_MONTHLY_OVERAGE_EUR,
              })}
            </Alert>
          )}
          {used > 0 && over === 0 && <Typography color="text.secondary">{t('usage_reset')}</Typography>}
        </Box>
      </>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby="freshdesk-usage-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="freshdesk-usage-title" variant="h2" component="h2" gutterBottom>
          {t('usage_title')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
