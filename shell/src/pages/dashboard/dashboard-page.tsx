import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Extension from '@mui/icons-material/Extension';
import {
  EmptyState,
  ErrorPanel,
  PageHeader,
  usePreferences,
  type DashboardCard,
  type RegistryEntry,
} from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShellApi, useShellState } from '../../shell-api/shell-api-context';
import { registryApiRef, remotesApiRef, sessionStateRef } from '../../shell-api/shell-apis';
import { cardView } from './card-view';
import { FeatureCard } from './feature-card';

const GRID_ITEM = { xs: 12, sm: 6, lg: 4 } as const;

function CardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <CardContent>
        <Skeleton width="60%" height={32} />
        <Skeleton />
        <Skeleton width="80%" />
        <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

function CardSkeletons() {
  const { t } = useTranslation('shell');
  return (
    <Grid container spacing={3} role="status" aria-label={t('loading')}>
      {[0, 1, 2].map((index) => (
        <Grid key={index} size={GRID_ITEM}>
          <CardSkeleton />
        </Grid>
      ))}
    </Grid>
  );
}

type CardEntry = RegistryEntry & { card: DashboardCard };

export function DashboardPage() {
  const { t } = useTranslation('shell');
  const registry = useShellApi(registryApiRef);
  const registryStatus = useStore(registry.state, (state) => state.status);
  const entries = useStore(registry.state, (state) => state.entries);
  const dataLoaded = useShellState(sessionStateRef, (state) => state.dataLoaded);
  const { modules } = useShellApi(remotesApiRef);
  const byName = useStore(modules, (state) => state.byName);
  const { language } = usePreferences();
  const cards = entries
    .filter((entry): entry is CardEntry => entry.card != null)
    .map((entry) => ({ entry, view: cardView(entry, byName[entry.remote], language) }))
    .filter(({ view }) => view.status !== 'hidden');

  let body;
  if (registryStatus === 'error') {
    body = <ErrorPanel message={t('registry_load_error')} onRetry={() => void registry.reload()} />;
  } else if (registryStatus !== 'ready') {
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
        {cards.map(({ entry, view }) => (
          <Grid key={entry.id} size={GRID_ITEM}>
            {view.status === 'ready' ? (
              <FeatureCard
                card={entry.card}
                title={view.title}
                description={view.description}
                image={view.image}
                decided={dataLoaded}
              />
            ) : (
              // Its remote is still loading the card's texts.
              <CardSkeleton />
            )}
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
