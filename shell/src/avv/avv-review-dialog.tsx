import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { apiErrorKey, isApiError, useHttp, useLoad, usePreferences } from '@portal/shared';
import { formatDateTime, formatDateUtc, type AvvCurrent, type AvvSubProcessor } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { acceptAvvVersion, fetchAvvVersion } from './avv-api';
import { TextDiff } from './text-diff';

export interface AvvReviewDialogProps {
  open: boolean;
  state: AvvCurrent;
  onClose(): void;
  /** After a successful acceptance (the caller refreshes the session and the banner). */
  onAccepted(): Promise<void> | void;
  /** A newer version took effect meanwhile (409): the caller reloads the state. */
  onStale(): Promise<void> | void;
}

const subProcessorKey = (p: AvvSubProcessor) => `${p.name}\u0000${p.purpose}\u0000${p.location}`;

/** The new AVV version: change summary, inline diff against the accepted text, sub-processors → Accept. */
export function AvvReviewDialog({ open, state, onClose, onAccepted, onStale }: AvvReviewDialogProps) {
  const { t } = useTranslation('shell');
  const http = useHttp();
  const { language } = usePreferences();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const { current, acceptedVersion } = state;
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  const previousId = acceptedVersion?.versionId ?? '';
  const { state: previous, retry } = useLoad(
    () => fetchAvvVersion(http, previousId),
    [http, previousId],
    open && !!previousId,
  );

  async function accept() {
    setAccepting(true);
    setAcceptError(null);
    try {
      await acceptAvvVersion(http, current.id);
      await onAccepted();
    } catch (error) {
      setAcceptError(t(apiErrorKey(isApiError(error) ? error : null), { ns: 'common' }));
      if (isApiError(error) && error.slug === 'avv-version-not-current') await onStale();
    } finally {
      setAccepting(false);
    }
  }

  const before = previous.status === 'ready' ? previous.data : null;
  const beforeKeys = new Set(before?.subProcessors.map(subProcessorKey) ?? []);
  const currentKeys = new Set(current.subProcessors.map(subProcessorKey));
  const removed = before?.subProcessors.filter((p) => !currentKeys.has(subProcessorKey(p))) ?? [];

  return (
    <Dialog
      open={open}
      onClose={accepting ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="avv-review-title"
    >
      <DialogTitle id="avv-review-title">{t('avv_review_title', { version: current.version })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography>
            {t('avv_review_intro', {
              version: current.version,
              date: formatDateUtc(current.effectiveDate),
            })}
            {acceptedVersion &&
              ` ${t('avv_review_previous', {
                version: acceptedVersion.version,
                date: formatDateTime(acceptedVersion.acceptedAt),
              })}`}
          </Typography>

          <Box component="section" aria-labelledby="avv-review-summary">
            <Typography id="avv-review-summary" variant="h6" component="h3" gutterBottom>
              {t('avv_review_summary_heading')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{current.summary[language]}</Typography>
          </Box>

          <Box component="section" aria-labelledby="avv-review-diff">
            <Typography id="avv-review-diff" variant="h6" component="h3" gutterBottom>
              {t('avv_review_diff_heading')}
            </Typography>
            {previous.status === 'loading' && (
              <Stack direction="row" spacing={1} alignItems="center" role="status">
                <CircularProgress size={20} />
                <Typography>{t('avv_review_diff_loading')}</Typography>
              </Stack>
            )}
            {previous.status === 'error' && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={retry}>
                    {t('avv_retry')}
                  </Button>
                }
              >
                {t('avv_review_diff_error')}
              </Alert>
            )}
            {before && (
              <TextDiff
                before={before.text[language]}
                after={current.text[language]}
                label={t('avv_review_diff_label', { from: before.version, to: current.version })}
              />
            )}
          </Box>

          <Box component="section" aria-labelledby="avv-review-subprocessors">
            <Typography id="avv-review-subprocessors" variant="h6" component="h3" gutterBottom>
              {t('avv_review_subprocessors_heading')}
            </Typography>
            {current.subProcessors.length === 0 && removed.length === 0 ? (
              <Typography color="text.secondary">{t('avv_review_subprocessors_none')}</Typography>
            ) : (
              <List dense disablePadding>
                {current.subProcessors.map((p) => (
                  <ListItem key={subProcessorKey(p)} disableGutters>
                    <ListItemText primary={p.name} secondary={`${p.purpose} · ${p.location}`} />
                    {before && !beforeKeys.has(subProcessorKey(p)) && (
                      <Chip size="small" color="success" variant="outlined" label={t('avv_review_subprocessor_new')} />
                    )}
                  </ListItem>
                ))}
                {removed.map((p) => (
                  <ListItem key={`removed-${subProcessorKey(p)}`} disableGutters>
                    <ListItemText
                      primary={p.name}
                      secondary={`${p.purpose} · ${p.location}`}
                      sx={{ textDecoration: 'line-through' }}
                    />
                    <Chip size="small" color="error" variant="outlined" label={t('avv_review_subprocessor_removed')} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
          {acceptError && <Alert severity="error">{acceptError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={accepting}>
          {t('avv_review_later')}
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={accepting}>
          {t('avv_review_accept', { version: current.version })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default AvvReviewDialog;
