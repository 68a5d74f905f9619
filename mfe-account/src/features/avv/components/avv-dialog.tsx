import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useBusyTask, useLoad, useNotify, useSession, useShake, pdfViewerUrl } from '@portal/shared';
import { contractLanguage, useAvvApi } from '../api';

export interface AvvDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AvvDialog({ open, onClose }: AvvDialogProps) {
  const { t, i18n } = useTranslation('account');
  const api = useAvvApi();
  const notify = useNotify();
  const session = useSession();
  const accepted = session.profile?.avv.isAccepted ?? false;
  const { busy: accepting, run } = useBusyTask();
  const [acceptError, setAcceptError] = useState(false);
  const { shaking, shake, sx: shakeSx } = useShake(10);
  const lang = contractLanguage(i18n.language);

  const { state: load } = useLoad(
    async (signal) => {
      setAcceptError(false);
      const viewer = pdfViewerUrl(await api.fetchContractPdf(lang));
      // The viewer's object URL lives as long as this load's outcome is on screen.
      if (signal.aborted) viewer.revoke();
      else signal.addEventListener('abort', viewer.revoke);
      return viewer.url;
    },
    [api, lang],
    open,
  );

  const handleClose = (_event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'backdropClick') {
      shake();
      return;
    }
    onClose();
  };

  const accept = async () => {
    setAcceptError(false);
    const ok = await run({ title: t('error_failed_accept_avv') }, async () => {
      await api.accept();
      notify.success({ title: t('notification_success'), message: t('success_avv_accepted') });
      onClose();
      await session.refresh('profile');
    });
    setAcceptError(!ok);
  };

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="avv-dialog-title"
      data-shaking={shaking ? 'true' : 'false'}
      slotProps={{ paper: { sx: shakeSx } }}
    >
      <DialogTitle id="avv-dialog-title">{t('avv_dialog_title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {accepted ? t('avv_dialog_accepted_intro') : t('avv_dialog_intro')}
        </Typography>
        {load.status === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('avv_dialog_loading')}</Typography>
          </Box>
        )}
        {load.status === 'error' && <Alert severity="error">{t('avv_dialog_error_load')}</Alert>}
        {load.status === 'ready' && (
          <Box
            component="iframe"
            title={t('avv_dialog_pdf_title')}
            src={load.data}
            sx={{
              width: '100%',
              height: { xs: '60vh', md: '65vh' },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.default',
            }}
          />
        )}
        {acceptError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('avv_dialog_error_accept')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {accepted ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('avv_dialog_ok')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('avv_dialog_later')}</Button>
            <Button variant="contained" onClick={accept} disabled={load.status !== 'ready' || accepting}>
              {t('avv_dialog_accept')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
