import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Shows a back button linking here (e.g. '/dashboard'). */
  backTo?: string;
}

/** The page's one real <h1>, with optional back button, subtitle and actions. */
export function PageHeader({ title, subtitle, actions, backTo }: PageHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        {backTo && (
          <IconButton component={RouterLink} to={backTo} aria-label={t('back')} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box>
          <Typography variant="h1" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
