import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** Default: 'Nothing here yet'. */
  title?: ReactNode;
  message?: ReactNode;
  icon?: ReactNode;
  /** e.g. a button to add the first item. */
  action?: ReactNode;
}

export function EmptyState({ title, message, icon, action }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      <Box aria-hidden sx={{ fontSize: 48, lineHeight: 1, mb: 1 }}>
        {icon ?? <InboxOutlinedIcon fontSize="inherit" />}
      </Box>
      <Typography variant="h3" component="p" color="text.primary">
        {title ?? t('empty_state_title')}
      </Typography>
      {message && <Typography sx={{ mt: 1 }}>{message}</Typography>}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
