import Description from '@mui/icons-material/Description';
import Publish from '@mui/icons-material/Publish';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, LoadView } from '@portal/shared';
import { formatDate, formatDateTime, type AvvStaffVersion } from '@portal/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvvVersions } from '../hooks/use-avv-versions';
import { AvvPublishDialog } from './avv-publish-dialog';

function VersionItem({ version }: { version: AvvStaffVersion }) {
  const { t, i18n } = useTranslation('shell');
  const summary = version.summary[i18n.language === 'de' ? 'de' : 'en'];
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('staff_avv_version_named', { version: version.version })}
        </Typography>
        {version.isCurrent && <Chip size="small" color="success" label={t('staff_avv_current')} />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('staff_avv_effective_from', { date: formatDate(`${version.effectiveDate}T00:00:00Z`, 'UTC') })}
        {' · '}
        {t('staff_avv_published_by', {
          when: formatDateTime(version.publishedAt),
          who: version.publishedBy ?? t('staff_audit_system'),
        })}
        {' · '}
        {t('staff_avv_accepted_count', { count: version.acceptedCount })}
      </Typography>
      {summary && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {summary}
        </Typography>
      )}
    </Paper>
  );
}

/** AVV tab: every published version (newest first) and the form to publish the next one. */
export function AvvTab() {
  const { t } = useTranslation('shell');
  const { state, reload, retry } = useAvvVersions();
  const [publishing, setPublishing] = useState(false);
  const latest = state.status === 'ready' ? (state.data[0] ?? null) : null;

  return (
    <Box>
      <LoadView state={state} loadingLabel={t('staff_avv_loading')} errorTitle={t('staff_avv_error')} onRetry={retry}>
        {(versions) => (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
              <Button variant="contained" startIcon={<Publish />} onClick={() => setPublishing(true)}>
                {t('staff_avv_publish_new')}
              </Button>
            </Box>
            {versions.length === 0 ? (
              <EmptyState
                icon={<Description fontSize="inherit" />}
                title={t('staff_avv_empty_title')}
                message={t('staff_avv_empty_text')}
              />
            ) : (
              <Stack component="ul" spacing={1.5} aria-label={t('staff_avv_list_label')} sx={{ p: 0, m: 0 }}>
                {versions.map((version) => (
                  <VersionItem key={version.id} version={version} />
                ))}
              </Stack>
            )}
          </>
        )}
      </LoadView>
      {publishing && (
        <AvvPublishDialog
          latest={latest}
          onClose={() => setPublishing(false)}
          onPublished={() => {
            setPublishing(false);
            reload();
          }}
        />
      )}
    </Box>
  );
}
