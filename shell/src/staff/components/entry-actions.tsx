import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useManifestCheck } from '../hooks/use-manifest-check';
import type { StaffRegistryEntry } from '@portal/shared/domain';
import { CheckResult } from './check-result';

interface Props {
  entry: StaffRegistryEntry;
  busy: boolean;
  onEdit(entry: StaffRegistryEntry): void;
  onDelete(entry: StaffRegistryEntry): void;
  onSetEnabled(entry: StaffRegistryEntry, enabled: boolean): void;
  onReleases(entry: StaffRegistryEntry): void;
}

/** What staff do with one entry: enable/disable, check its manifest, its releases, edit, delete. */
export function EntryActions({ entry, busy, onEdit, onDelete, onSetEnabled, onReleases }: Props) {
  const { t } = useTranslation('shell');
  const { state, check } = useManifestCheck();
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControlLabel
          sx={{ mr: 1 }}
          control={
            <Switch
              checked={entry.enabled}
              disabled={busy}
              onChange={(event) => onSetEnabled(entry, event.target.checked)}
              slotProps={{ input: { 'aria-label': t('staff_entry_enabled_toggle', { id: entry.id }) } }}
            />
          }
          label={t('staff_field_enabled')}
        />
        {entry.manifestUrl && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void check(entry.manifestUrl)}
            disabled={state.status === 'checking'}
            aria-label={t('staff_check_named', { id: entry.id })}
          >
            {t('staff_check')}
          </Button>
        )}
        {entry.remote && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => onReleases(entry)}
            aria-label={t('staff_releases_named', { id: entry.id })}
          >
            {t('staff_releases')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          onClick={() => onEdit(entry)}
          aria-label={t('staff_edit_named', { id: entry.id })}
        >
          {t('staff_edit')}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => onDelete(entry)}
          disabled={busy}
          aria-label={t('staff_delete_named', { id: entry.id })}
        >
          {t('staff_delete')}
        </Button>
      </Stack>
      <CheckResult state={state} />
    </Box>
  );
}
