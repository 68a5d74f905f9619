import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { StaffRegistryEntry } from '@portal/shared/domain';

/** Enabled / disabled, coming soon, who sees the entry, its live and preview release, as chips (text, not only colour). */
export function EntryStatusChips({ entry }: { entry: StaffRegistryEntry }) {
  const { t } = useTranslation('shell');
  const { audience } = entry;
  const audienceLabel =
    audience.kind === 'sellers'
      ? t('staff_audience_sellers_count', { count: audience.emails.length })
      : t(`staff_audience_${audience.kind}`);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={entry.enabled ? 'success' : 'default'}
        variant={entry.enabled ? 'filled' : 'outlined'}
        label={t(entry.enabled ? 'staff_status_enabled' : 'staff_status_disabled')}
      />
      {entry.comingSoon && <Chip size="small" color="info" variant="outlined" label={t('staff_status_coming_soon')} />}
      <Chip size="small" variant="outlined" label={audienceLabel} />
      {entry.liveRelease && (
        <Chip size="small" variant="outlined" label={t('staff_entry_release_chip', { release: entry.liveRelease })} />
      )}
      {entry.previewRelease && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('staff_entry_preview_chip', { release: entry.previewRelease })}
        />
      )}
    </Stack>
  );
}
