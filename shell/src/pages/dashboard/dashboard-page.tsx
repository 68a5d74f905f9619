import { Box, Card, CardContent, Grid, Skeleton } from '@mui/material';
import Extension from '@mui/icons-material/Extension';
import { EmptyState, ErrorPanel, PageHeader, type DashboardCard } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShellApi, useShellState } from '../../composition/shell-api-context';
import { registryApiRef, sessionStateRef } from '../../composition/shell-apis';
import { FeatureCard } from './feature-card';

const GRID_ITEM = { xs: 12, sm: 6, lg: 4 } as const;

function CardSkeletons() {
  const { t } = useTranslation('shell');
  return (
    <Grid container spacing={3} role="status" aria-label={t('loading')}>
      {[0, 1, 2].map((index) => (
        <Grid key={index} size={GRID_ITEM}>
          <Card variant="outlined">
            <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
            <CardContent>
              <Skeleton width="60%" height={32} />
              <Skeleton />
              <Skeleton width="80%" />
              <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('shell');
  const registry = useShellApi(registryApiRef);
  const registryStatus = useStore(registry.state, (state) => state.status);
  const entries = useStore(registry.state, (state) => state.entries);
  const dataLoaded = useShellState(sessionStateRef, (state) => state.dataLoaded);
  const cards = entries.map((entry) => entry.card).filter((card): card is DashboardCard => card != null);

  let body;
  if (registryStatus === 'error') {
    body = <ErrorPanel message={t('registry_load_error')} onRetry={() => void registry.reload()} />;
  } else if (registryStatus !== 'ready' || !dataLoaded) {
    body = <CardSkeletons />;
  } else if (cards.length === 0) {
    body = (
      <EmptyState
        icon={<Extension fontSize="inherit" />}
        title={t('dashboard_empty_title')}
        message={t('dashboard_empty_text')}
      />
    );
  } else {
    body = (
      <Grid container spacing={3}>
        {cards.map((card) => (
          <Grid key={card.pluginName} size={GRID_ITEM}>
            <FeatureCard card={card} />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <Box>
      <PageHeader title={t('dashboard_title')} subtitle={t('dashboard_subtitle')} />
      {body}
    </Box>
  );
}
