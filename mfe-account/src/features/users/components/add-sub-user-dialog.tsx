import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { NewSubUser } from '../api';
import { validateNewSubUser, type SubUserErrors } from '../sub-user-form';

export interface AddSubUserDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (input: NewSubUser) => void;
}

export function AddSubUserDialog({ open, busy, onCancel, onSubmit }: AddSubUserDialogProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<NewSubUser>({ name: '', email: '' });
  const [errors, setErrors] = useState<SubUserErrors>({});

  useEffect(() => {
    if (open) {
      setValues({ name: '', email: '' });
      setErrors({});
    }
  }, [open]);

  const set = (key: keyof NewSubUser, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewSubUser(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ name: values.name.trim(), email: values.email.trim() });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="add-user-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-user-title">{t('users_add_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('users_add_text')}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              id="subuser-name"
              label={t('users_name')}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ? t(errors.name) : undefined}
              required
              autoFocus
              fullWidth
            />
            <TextField
              id="subuser-email"
              type="email"
              label={t('users_email')}
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ? t(errors.email) : undefined}
              required
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
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
