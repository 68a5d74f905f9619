import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useHttp } from '@portal/shared';
import { formatDateUtc } from '@portal/shared/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRetainedVersions, type RetainedVersion } from '../api';

/** Released versions of deleted products that are still kept (Art. 9(3)); each can be downloaded again. */
export function RetainedVersions({
  reloadKey,
  onDownload,
}: {
  reloadKey: unknown;
  onDownload(version: RetainedVersion): void;
}) {
  const { t } = useTranslation('gpsr');
  const http = useHttp();
  const [versions, setVersions] = useState<RetainedVersion[]>([]);
  useEffect(() => {
    let cancelled = false;
    fetchRetainedVersions(http).then(
      (list) => !cancelled && setVersions(list),
      () => !cancelled && setVersions([]),
    );
    return () => {
      cancelled = true;
    };
  }, [http, reloadKey]);
  if (!versions.length) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="gpsr-retained-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="gpsr-retained-title" variant="h6" component="h2">
        {t('retained_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('retained_hint')}
      </Typography>
      <List dense>
        {versions.map((v) => (
          <ListItem
            key={`${v.productId}-${v.number}`}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => onDownload(v)}
                aria-label={t('retained_download_named', { name: v.productName, number: v.number })}
              >
                {t('versions_download')}
              </Button>
            }
          >
            <ListItemText
              primary={t('retained_item', { name: v.productName, number: v.number })}
              secondary={t('versions_retention', { date: formatDateUtc(v.retentionUntil) })}
              sx={{ pr: 10 }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
