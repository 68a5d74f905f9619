import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AvvStaffVersion, AvvVersion } from '@portal/shared/domain';
import { useAvvPublishForm } from '../hooks/use-avv-publish-form';
import { StaffFormDialog } from './staff-form-dialog';

interface Props {
  /** The newest version: its text and sub-processors are the starting point. */
  latest: AvvStaffVersion | null;
  onClose(): void;
  onPublished(version: AvvVersion): void;
}

/** The texts in both languages, each with its label key and height: the summary short, the AVV text long. */
const TEXT_FIELDS = [
  { name: 'summary.de', label: 'staff_avv_summary_de', minRows: 2 },
  { name: 'summary.en', label: 'staff_avv_summary_en', minRows: 2 },
  { name: 'text.de', label: 'staff_avv_text_de', minRows: 6, maxRows: 16 },
  { name: 'text.en', label: 'staff_avv_text_en', minRows: 6, maxRows: 16 },
] as const;

const SUB_PROCESSOR_FIELDS = ['name', 'purpose', 'location'] as const;

/** Publish a new AVV version: label, effective date, summary of changes and text in DE and EN, sub-processors. */
export function AvvPublishDialog({ latest, onClose, onPublished }: Props) {
  const { t } = useTranslation('shell');
  const { form, submit, submitError } = useAvvPublishForm(latest, onPublished);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'subProcessors' });

  return (
    <StaffFormDialog
      title={t('staff_avv_publish_title')}
      submitLabel={t('staff_avv_publish')}
      busy={form.formState.isSubmitting}
      submitError={submitError}
      onSubmit={submit}
      onClose={onClose}
    >
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
      {TEXT_FIELDS.map(({ name, label, ...rows }) => (
        <TextField key={name} {...form.fieldProps(name)} label={t(label)} required multiline {...rows} fullWidth />
      ))}

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
          {SUB_PROCESSOR_FIELDS.map((field) => (
            <TextField
              key={field}
              {...form.fieldProps(`subProcessors.${index}.${field}`)}
              label={t(`staff_avv_subprocessor_${field}`)}
              required
              fullWidth
            />
          ))}
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
    </StaffFormDialog>
  );
}
