import ContentCopy from '@mui/icons-material/ContentCopy';
import type { FocusEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorPanel, FormTextField, useNotify, type LoadState } from '@portal/shared';
import { isValidFreshdeskApiKey } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

/** The account's API key for the Freshdesk app, with a copy button (freshdesk_copy_success / _error). */
export function ApiKeyCard({ state, onRetry }: { state: LoadState<string>; onRetry: () => void }) {
  const { t } = useTranslation('freshdesk');
  const notify = useNotify();

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notify.success({ title: t('notification_success_title'), message: t('freshdesk_copy_success') });
    } catch {
      notify.error({ title: t('notification_error_title'), message: t('freshdesk_copy_error') });
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="freshdesk-api-key-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="freshdesk-api-key-title" variant="h2" component="h2" gutterBottom>
          {t('api_key_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('api_key_description')}
        </Typography>
        {state.status === 'loading' && (
          // The key's field and its copy button, side by side or (on a phone) one above the other, as below.
          <Stack role="status" aria-label={t('api_key_loading')} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Skeleton variant="rounded" height={40} sx={{ flex: { sm: 1 } }} />
            <Skeleton variant="rounded" height={36} sx={{ width: { xs: '100%', sm: 120 } }} />
          </Stack>
        )}
        {state.status === 'error' && (
          <ErrorPanel title={t('api_key_error_title')} error={state.error} onRetry={onRetry} />
        )}
        {state.status === 'ready' && !isValidFreshdeskApiKey(state.data) && (
          <Alert severity="error" role="alert">
            {t('api_key_invalid')}
          </Alert>
        )}
        {state.status === 'ready' && isValidFreshdeskApiKey(state.data) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
            <FormTextField
              label={t('api_key_label')}
              value={state.data}
              htmlInput={{
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'monospace' },
                onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select(),
              }}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopy />}
              onClick={() => void copy(state.data)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('api_key_copy')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
