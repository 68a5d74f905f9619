import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AvvStaffVersion, AvvVersion } from '@portal/shared/domain';
import { useAvvPublishForm } from '../hooks/use-avv-publish-form';

interface Props {
  /** The newest version: its text and sub-processors are the starting point. */
  latest: AvvStaffVersion | null;
  onClose(): void;
  onPublished(version: AvvVersion): void;
}

/** Publish a new AVV version: label, effective date, summary of changes and text in DE and EN, sub-processors. */
export function AvvPublishDialog({ latest, onClose, onPublished }: Props) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { form, submit, submitError } = useAvvPublishForm(latest, onPublished);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'subProcessors' });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('staff_avv_publish_title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {submitError && <Alert severity="error">{t(submitError, { ns: 'common' })}</Alert>}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('staff_avv_publish_intro')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.fieldProps('version', { hint: t('staff_avv_version_hint') })}
                label={t('staff_avv_version')}
                required
                fullWidth
              />
              <TextField
                {...form.fieldProps('effectiveDate')}
                label={t('staff_avv_effective_date')}
                type="date"
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            <TextField
              {...form.fieldProps('summary.de')}
              label={t('staff_avv_summary_de')}
              required
              multiline
              minRows={2}
              fullWidth
            />
            <TextField
              {...form.fieldProps('summary.en')}
              label={t('staff_avv_summary_en')}
              required
              multiline
              minRows={2}
              fullWidth
            />
            <TextField
              {...form.fieldProps('text.de')}
              label={t('staff_avv_text_de')}
              required
              multiline
              minRows={6}
              maxRows={16}
              fullWidth
            />
            <TextField
              {...form.fieldProps('text.en')}
              label={t('staff_avv_text_en')}
              required
              multiline
              minRows={6}
              maxRows={16}
              fullWidth
            />

            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('staff_avv_subprocessors')}
            </Typography>
            {fields.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('staff_avv_subprocessors_none')}
              </Typography>
            )}
            {fields.map((item, index) => (
              <Stack
                key={item.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  {...form.fieldProps(`subProcessors.${index}.name`)}
                  label={t('staff_avv_subprocessor_name')}
                  required
                  fullWidth
                />
                <TextField
                  {...form.fieldProps(`subProcessors.${index}.purpose`)}
                  label={t('staff_avv_subprocessor_purpose')}
                  required
                  fullWidth
                />
                <TextField
                  {...form.fieldProps(`subProcessors.${index}.location`)}
                  label={t('staff_avv_subprocessor_location')}
                  required
                  fullWidth
                />
                <IconButton
                  onClick={() => remove(index)}
                  aria-label={t('staff_avv_subprocessor_remove', { number: index + 1 })}
                  sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                >
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button startIcon={<Add />} onClick={() => append({ name: '', purpose: '', location: '' })}>
                {t('staff_avv_subprocessor_add')}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('staff_cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('staff_avv_publish')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
