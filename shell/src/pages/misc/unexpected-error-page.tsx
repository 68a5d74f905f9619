import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function UnexpectedErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <Box component="main" role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <ErrorOutline sx={{ fontSize: 64, color: 'error.main' }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('unexpected_error_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('unexpected_error_text')}
      </Typography>
      {detail && (
        <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', color: 'text.secondary', mb: 3 }}>
          {detail}
        </Typography>
      )}
      {/* A full page load: the router state that threw is discarded. */}
      <Button variant="contained" href="/dashboard">
        {t('go_to_dashboard')}
      </Button>
    </Box>
  );
}

/** Router errorElement: 'Unexpected Application Error' with a way back. */
export function UnexpectedErrorPage() {
  return <UnexpectedErrorView error={useRouteError()} />;
}
