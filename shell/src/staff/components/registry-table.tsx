import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StaffRegistryEntry } from '@portal/shared/domain';
import { EntryActions } from './entry-actions';
import { EntryStatusChips } from './entry-status-chips';
import { EntrySummary } from './entry-summary';

export interface RegistryListProps {
  entries: readonly StaffRegistryEntry[];
  busyId: string | null;
  onEdit(entry: StaffRegistryEntry): void;
  onDelete(entry: StaffRegistryEntry): void;
  onSetEnabled(entry: StaffRegistryEntry, enabled: boolean): void;
  onReleases(entry: StaffRegistryEntry): void;
}

/** The registry on wide screens: one row per entry. */
export function RegistryTable({ entries, busyId, ...actions }: RegistryListProps) {
  const { t } = useTranslation('shell');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('staff_registry_table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('staff_column_entry')}</TableCell>
            <TableCell>{t('staff_column_routes')}</TableCell>
            <TableCell>{t('staff_column_status')}</TableCell>
            <TableCell align="right">{t('staff_column_order')}</TableCell>
            <TableCell>{t('staff_column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ maxWidth: 280 }}>
                <EntrySummary entry={entry} />
              </TableCell>
              <TableCell>
                {entry.routes.map((route) => (
                  <Typography key={route} variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {route}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>
                <EntryStatusChips entry={entry} />
              </TableCell>
              <TableCell align="right">{entry.order}</TableCell>
              <TableCell sx={{ minWidth: 260 }}>
                <EntryActions entry={entry} busy={busyId === entry.id} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
