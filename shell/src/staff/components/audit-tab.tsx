import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadView, PagedList } from '@portal/shared';
import { formatDateTime, type AuditEvent } from '@portal/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE_SIZE } from '../api';
import { useAuditLog } from '../hooks/use-audit-log';
import { useRegistryEntries } from '../hooks/use-registry-entries';
import { AuditChangesView } from './audit-changes-view';

const ACTION_COLOR: Record<string, 'success' | 'info' | 'error' | 'warning'> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  'release-add': 'info',
  preview: 'warning',
  'preview-end': 'info',
  promote: 'success',
  rollback: 'warning',
};

function AuditEventItem({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation('shell');
  const actionKey = `staff_audit_action_${event.action.replace(/-/g, '_')}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Chip
          size="small"
          color={ACTION_COLOR[event.action] ?? 'default'}
          label={i18n.exists(actionKey, { ns: 'shell' }) ? t(actionKey) : event.action}
        />
        <Typography component="span" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {event.entryId}
        </Typography>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {t('staff_audit_by', { who: event.actorEmail ?? t('staff_audit_system'), when: formatDateTime(event.at) })}
        </Typography>
      </Stack>
      <AuditChangesView before={event.before} after={event.after} />
    </Paper>
  );
}

/** Audit log tab: who changed which entry when, with each change as before → after; newest first. */
export function AuditTab() {
  const { t } = useTranslation('shell');
  const registry = useRegistryEntries();
  const entryIds = registry.state.status === 'ready' ? registry.state.data.map((entry) => entry.id) : [];
  const [page, setPage] = useState(1);
  const [entryId, setEntryId] = useState('');
  const { state, retry } = useAuditLog(page, entryId);

  return (
    <Box>
      <TextField
        select
        label={t('staff_audit_filter')}
        value={entryId}
        onChange={(event) => {
          setEntryId(event.target.value);
          setPage(1);
        }}
        sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
      >
        <MenuItem value="">{t('staff_audit_filter_all')}</MenuItem>
        {entryIds.map((id) => (
          <MenuItem key={id} value={id}>
            {id}
          </MenuItem>
        ))}
      </TextField>
      <LoadView
        state={state}
        loadingLabel={t('staff_audit_loading')}
        errorTitle={t('staff_audit_error')}
        onRetry={retry}
      >
        {(data) => (
          <PagedList
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={data.total}
            rows={data.events.length}
            onPageChange={setPage}
            empty={
              <EmptyState
                icon={<History fontSize="inherit" />}
                title={t('staff_audit_empty_title')}
                message={t('staff_audit_empty_text')}
              />
            }
          >
            <Stack component="ul" spacing={1.5} aria-label={t('staff_audit_list_label')} sx={{ p: 0, m: 0 }}>
              {data.events.map((event) => (
                <AuditEventItem key={event.id} event={event} />
              ))}
            </Stack>
          </PagedList>
        )}
      </LoadView>
    </Box>
  );
}
