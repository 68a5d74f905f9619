import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify, useNotifyFailure } from '@portal/shared';
import { subUserInputSchema, type SubUser } from '@portal/shared/domain';
import { applyApiFieldErrors, usePortalForm } from '@portal/shared/forms';
import { useSubUsersApi } from '../api';

export interface AddSubUserDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (user: SubUser) => void;
}

const EMPTY = { name: '', email: '' };

export function AddSubUserDialog({ open, onClose, onCreated }: AddSubUserDialogProps) {
  const { t } = useTranslation('account');
  const api = useSubUsersApi();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const form = usePortalForm(subUserInputSchema, EMPTY);
  const { formState, handleSubmit, reset, setError } = form;
  const busy = formState.isSubmitting;

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit(async (input) => {
    try {
      const created = await api.create(input);
      notify.success({
        title: t('notification_success'),
        message: t('create_user_success', { email: created.email || input.email }),
      });
      onCreated(created);
    } catch (error) {
      applyApiFieldErrors(error, setError);
      notifyFailure(error, { title: t('create_user_error') });
    }
  });

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="add-user-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-user-title">{t('users_add_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('users_add_text')}</DialogContentText>
          <Stack spacing={2}>
            <TextField id="subuser-name" label={t('users_name')} autoFocus fullWidth {...form.fieldProps('name')} />
            <TextField
              id="subuser-email"
              type="email"
              label={t('users_email')}
              fullWidth
              {...form.fieldProps('email')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('users_add_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
