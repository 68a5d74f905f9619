import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, useBusyTask, useIdentity, useNotify } from '@portal/shared';

export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const identity = useIdentity();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusyTask();

  const confirm = () =>
    run({ title: t('notification_error'), message: t('notification_account_delete_failed') }, async () => {
      await identity.deleteAccount();
      setOpen(false);
      notify.success({ title: t('notification_success'), message: t('success_account_deleted') });
    });

  return (
    <Box component="section" aria-labelledby="delete-account-title">
      <Typography id="delete-account-title" variant="h6" component="h2" gutterBottom>
        {t('delete_account_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('delete_account_text')}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t('delete_account_button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('delete_account_confirm_title')}
        message={t('delete_account_confirm_text')}
        confirmLabel={t('delete_account_confirm')}
        cancelLabel={t('cancel')}
        destructive
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </Box>
  );
}
