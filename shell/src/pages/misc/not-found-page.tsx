import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <SearchOff sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('not_found_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('not_found_text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/dashboard">
        {t('go_to_dashboard')}
      </Button>
    </Box>
  );
}
