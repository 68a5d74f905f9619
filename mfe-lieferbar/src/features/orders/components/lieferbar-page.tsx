import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorPanel, LoadingState, PageHeader, useSession } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { LIEFERBAR_REFRESH_MS } from '@portal/shared/domain';
import { Link as RouterLink } from 'react-router-dom';
import { usePendingOrders } from '../hooks/use-pending-orders';
import { OrderCountCards } from './order-count-cards';

function timeOf(iso: string, language: string) {
  return new Date(iso).toLocaleTimeString(language === 'de' ? 'de-DE' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** /features/lieferbar: pending orders of the seller's own database, per shipping type, refreshed every 40 s. */
export function LieferbarPage({ refreshMs }: { refreshMs?: number }) {
  const { t, i18n } = useTranslation('lieferbar');
  const session = useSession();
  const { state, retry, refresh, paused } = usePendingOrders(refreshMs);

  return (
    <>
      <PageHeader
        title={t('page_title')}
        subtitle={t('page_description')}
        backTo="/dashboard"
        actions={
          state.status === 'connected' && (
            <Button variant="outlined" onClick={refresh} disabled={state.refreshing}>
              {t('refresh_now')}
            </Button>
          )
        }
      />
      {state.status === 'loading' && <LoadingState label={t('loading')} />}
      {state.status === 'disconnected' && (
        <>
          <Typography sx={{ mb: 1 }} color="error">
            {t('status_disconnected')}
          </Typography>
          <ErrorPanel
            title={t('disconnected_title')}
            message={
              <Stack spacing={1}>
                <span>{t(state.errorKey, { ns: 'common' })}</span>
                {state.slug === 'data-source-not-found' && !session.isSubUser && (
                  <Link component={RouterLink} to="/profile?direction=dataSource">
                    {t('connect_database')}
                  </Link>
                )}
                {state.slug === 'data-source-not-found' && session.isSubUser && <span>{t('ask_main_user')}</span>}
              </Stack>
            }
            onRetry={retry}
          />
        </>
      )}
      {state.status === 'connected' && (
        <>
          <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
            {paused
              ? t('status_paused', { time: timeOf(state.data.readAt, i18n.language) })
              : t('status_connected', {
                  time: timeOf(state.data.readAt, i18n.language),
                  seconds: Math.round((refreshMs ?? LIEFERBAR_REFRESH_MS) / 1000),
                })}
          </Typography>
          <OrderCountCards data={state.data} />
        </>
      )}
    </>
  );
}
