import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffDialog } from '../hooks/use-staff-dialog';

interface Props {
  title: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** An i18n key of the `common` namespace: a failure that belongs to no field. */
  submitError: string | null;
  onSubmit(event: FormEvent): Promise<void>;
  onClose(): void;
  children: ReactNode;
}

/** A staff form in a dialog (full screen on phones): title, fields, Cancel and submit; not closable while busy. */
export function StaffFormDialog({ title, submitLabel, busy, submitError, onSubmit, onClose, children }: Props) {
  const { t } = useTranslation('shell');
  const { titleId, dialogProps } = useStaffDialog(busy, onClose);
  return (
    <Dialog {...dialogProps}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {submitError && <Alert severity="error">{t(submitError, { ns: 'common' })}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('staff_cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
