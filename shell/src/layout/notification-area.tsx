import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useShellState } from '../shell-api/shell-api-context';
import { notificationsRef } from '../shell-api/shell-apis';
import type { PortalNotification } from '@portal/shared';

function NotificationItem({ item, dismiss }: { item: PortalNotification; dismiss(id: string): void }) {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), item.autoHideDuration);
    return () => clearTimeout(timer);
  }, [item.id, item.autoHideDuration, dismiss]);
  return (
    <Alert
      severity={item.type}
      variant="filled"
      onClose={() => dismiss(item.id)}
      slotProps={{ closeButton: { title: t('notification_close'), 'aria-label': t('notification_close') } }}
      sx={{ boxShadow: 3, minWidth: { xs: 'auto', sm: 320 } }}
    >
      {item.title && <AlertTitle>{item.title}</AlertTitle>}
      {item.message}
    </Alert>
  );
}

/** Stack of notifications at the bottom right; each hides itself after its autoHideDuration (default 5000 ms). */
export function NotificationArea() {
  const { t } = useTranslation('shell');
  const items = useShellState(notificationsRef, (state) => state.notifications);
  const dismiss = useShellState(notificationsRef, (state) => state.dismiss);
  return (
    <Box
      aria-label={t('notifications_region')}
      role="region"
      sx={{
        position: 'fixed',
        right: 16,
        left: { xs: 16, sm: 'auto' },
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Stack spacing={1}>
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} dismiss={dismiss} />
        ))}
      </Stack>
    </Box>
  );
}
