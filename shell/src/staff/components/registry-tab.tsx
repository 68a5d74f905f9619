import Add from '@mui/icons-material/Add';
import Extension from '@mui/icons-material/Extension';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ConfirmDialog, EmptyState, LoadView } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntryActions } from '../hooks/use-entry-actions';
import { useRegistryEntries } from '../hooks/use-registry-entries';
import type { StaffRegistryEntry } from '@portal/shared/domain';
import { EntryDialog } from './entry-dialog';
import { RegistryCards } from './registry-cards';
import { RegistryTable } from './registry-table';
import { ReleasesDialog } from './releases-dialog';

/** Registry tab: every entry with its status; create, edit, check, enable/disable, releases, delete. */
export function RegistryTab() {
  const { t } = useTranslation('shell');
  const List = useMediaQuery((theme) => theme.breakpoints.down('md')) ? RegistryCards : RegistryTable;
  const { state, reload, retry } = useRegistryEntries();
  const { setEnabled, remove, busyId } = useEntryActions(reload);
  const [editing, setEditing] = useState<StaffRegistryEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffRegistryEntry | null>(null);
  const [releasesOf, setReleasesOf] = useState<string | null>(null);

  const newButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
      {t('staff_entry_new')}
    </Button>
  );
  const listProps = {
    busyId,
    onEdit: setEditing,
    onDelete: setDeleting,
    onSetEnabled: setEnabled,
    onReleases: (entry: StaffRegistryEntry) => setReleasesOf(entry.id),
  };

  return (
    <Box>
      <LoadView
        state={state}
        loadingLabel={t('staff_registry_loading')}
        errorTitle={t('staff_registry_error')}
        onRetry={retry}
      >
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState
              icon={<Extension fontSize="inherit" />}
              title={t('staff_registry_empty_title')}
              message={t('staff_registry_empty_text')}
              action={newButton}
            />
          ) : (
            <>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{newButton}</Box>
              <List entries={entries} {...listProps} />
            </>
          )
        }
      </LoadView>
      {editing && (
        <EntryDialog
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {releasesOf && <ReleasesDialog entryId={releasesOf} onClose={() => setReleasesOf(null)} onChanged={reload} />}
      <ConfirmDialog
        open={deleting != null}
        title={t('staff_delete_title', { id: deleting?.id ?? '' })}
        message={t('staff_delete_message')}
        confirmLabel={t('staff_delete')}
        cancelLabel={t('staff_cancel')}
        destructive
        busy={deleting != null && busyId === deleting.id}
        onConfirm={() => deleting && void remove(deleting).finally(() => setDeleting(null))}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
