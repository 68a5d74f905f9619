import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EntryActions } from './entry-actions';
import { EntryStatusChips } from './entry-status-chips';
import { EntrySummary } from './entry-summary';
import type { RegistryListProps } from './registry-table';

/** The registry on narrow screens (390 px): one card per entry, nothing to scroll sideways. */
export function RegistryCards({ entries, busyId, ...actions }: RegistryListProps) {
  const { t } = useTranslation('shell');
  return (
    <Stack
      component="ul"
      spacing={2}
      aria-label={t('staff_registry_table_label')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {entries.map((entry) => (
        <Card component="li" key={entry.id} variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 1.25 }}>
            <EntrySummary entry={entry} />
            <EntryStatusChips entry={entry} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {`${t('staff_column_routes')}: `}
              </Typography>
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
                {entry.routes.join(', ')}
              </Typography>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {` · ${t('staff_column_order')}: ${entry.order}`}
              </Typography>
            </Typography>
            <EntryActions entry={entry} busy={busyId === entry.id} {...actions} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
