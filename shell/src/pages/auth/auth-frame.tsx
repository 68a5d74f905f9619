import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../layout/language-switcher';
import { ThemeToggle } from '../../layout/theme-toggle';
import { LegalLinks } from '../../layout/legal-links';

/** Centred card used by login, register and forgot-password. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', p: 2 }}>
        <LanguageSwitcher />
        <ThemeToggle />
      </Stack>
      <Box
        component="main"
        id="main-content"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: 2 }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, mt: { xs: 2, sm: 6 } }}>
          <Typography variant="overline" color="primary" component="p">
            {t('app_name')}
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ py: 3 }}>
        <LegalLinks />
      </Box>
    </Box>
  );
}
