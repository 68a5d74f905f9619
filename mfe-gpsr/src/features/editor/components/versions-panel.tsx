import DownloadIcon from '@mui/icons-material/Download';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateUtc, type GpsrVersion } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

export interface VersionsPanelProps {
  versions: GpsrVersion[];
  canRelease: boolean;
  releasing: boolean;
  onRelease(): void;
  onDownload(version?: number): void;
}

/** Released, read-only versions (kept 10 years) and the button that releases the current draft. */
export function VersionsPanel({ versions, canRelease, releasing, onRelease, onDownload }: VersionsPanelProps) {
  const { t } = useTranslation('gpsr');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="gpsr-versions-title" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        gap={1}
        alignItems={{ sm: 'center' }}
      >
        <Typography id="gpsr-versions-title" variant="h6" component="h2">
          {t('versions_title')}
        </Typography>
        <Stack direction="row" gap={1} flexWrap="wrap">
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => onDownload()}>
            {t('versions_download_draft')}
          </Button>
          <Button
            variant="contained"
            startIcon={<NewReleasesIcon />}
            disabled={!canRelease || releasing}
            onClick={onRelease}
          >
            {t('versions_release')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('versions_hint')}
      </Typography>
      {versions.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('versions_none')}
        </Typography>
      ) : (
        <List dense aria-label={t('versions_title')}>
          {versions.map((v) => (
            <ListItem
              key={v.number}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  onClick={() => onDownload(v.number)}
                  aria-label={t('versions_download_named', { number: v.number })}
                >
                  {t('versions_download')}
                </Button>
              }
            >
              <ListItemText
                primary={t('versions_item', { number: v.number, date: formatDateUtc(v.releasedAt) })}
                secondary={t('versions_retention', { date: formatDateUtc(v.retentionUntil) })}
                sx={{ pr: 14 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
