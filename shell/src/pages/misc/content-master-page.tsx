import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** /features/content-master: the AI description writer is not available yet. */
export function ContentMasterPage() {
  const { t } = useTranslation('shell');
  return (
    <Box>
      <PageHeader title={t('content_master_title')} subtitle={t('content_master_subtitle')} backTo="/dashboard" />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <AutoAwesome color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h6" component="p" gutterBottom>
          {t('coming_soon_title')}
        </Typography>
        <Typography color="text.secondary">{t('coming_soon_text')}</Typography>
      </Paper>
    </Box>
  );
}
