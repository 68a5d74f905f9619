import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, get, type FieldError, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntryFormValues } from '../entry-form-values';
import { useEntryForm } from '../hooks/use-entry-form';
import { useErrorText } from '../hooks/use-error-text';
import { useManifestCheck } from '../hooks/use-manifest-check';
import type { StaffRegistryEntry } from '@portal/shared/domain';
import { CheckResult } from './check-result';
import { LinesField } from './lines-field';
import { StaffFormDialog } from './staff-form-dialog';

interface Props {
  /** null = a new entry. */
  entry: StaffRegistryEntry | null;
  onClose(): void;
  onSaved(saved: StaffRegistryEntry): void;
}

/** The first message of a field, of a list's own error, or of its first bad item (named by its value). */
function listError(error: unknown, values: readonly string[]): { message?: string; item?: string } {
  if (!error) return {};
  const own = error as FieldError;
  if (typeof own.message === 'string' && own.message) return { message: own.message };
  if (Array.isArray(error)) {
    const index = error.findIndex((item) => item && typeof (item as FieldError).message === 'string');
    if (index >= 0) return { message: (error[index] as FieldError).message, item: values[index] };
  }
  const root = (error as { root?: FieldError }).root;
  return root?.message ? { message: root.message } : {};
}

/** Create or edit one registry entry. The dialog stays open with the input when saving fails. */
export function EntryDialog({ entry, onClose, onSaved }: Props) {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const audienceLabelId = useId();
  const { form, submit, submitError, editing } = useEntryForm(entry, onSaved);
  const { register, control, watch, formState } = form;
  const { errors, isSubmitting } = formState;
  const manifestCheck = useManifestCheck();
  const hasCard = watch('hasCard');
  const audienceKind = watch('audience.kind');
  const manifestUrl = watch('manifestUrl');

  const text = (
    name: FieldPath<EntryFormValues>,
    label: string,
    options: { hint?: string; required?: boolean; number?: boolean } = {},
  ) => {
    const { ref, ...field } = register(name, options.number ? { valueAsNumber: true } : undefined);
    const message = (get(errors, name) as FieldError | undefined)?.message;
    return {
      ...field,
      inputRef: ref,
      label,
      error: Boolean(message),
      helperText: errorText(message) ?? options.hint,
      required: options.required,
      fullWidth: true,
    };
  };

  const lines = (name: 'routes' | 'audience.emails', label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const { message, item } = listError(get(errors, name) ?? fieldState.error, field.value);
        const shown = errorText(message);
        return (
          <LinesField
            label={label}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required
            hint={hint}
            error={shown && (item ? `${item}: ${shown}` : shown)}
          />
        );
      }}
    />
  );

  const toggle = (
    name: 'enabled' | 'comingSoon' | 'buyWithoutFilling' | 'hasCard',
    label: string,
    kind: 'switch' | 'checkbox',
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const control = { checked: field.value, onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref };
        return (
          <FormControlLabel
            control={kind === 'switch' ? <Switch {...control} /> : <Checkbox {...control} />}
            label={label}
          />
        );
      }}
    />
  );

  return (
    <StaffFormDialog
      title={editing ? t('staff_dialog_edit_title', { id: entry?.id }) : t('staff_dialog_new_title')}
      submitLabel={editing ? t('staff_save') : t('staff_create')}
      busy={isSubmitting}
      submitError={submitError}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('staff_section_remote')}
      </Typography>
      <TextField
        {...text('id', t('staff_field_id'), { hint: t('staff_field_id_hint'), required: true })}
        disabled={editing}
      />
      <TextField {...text('remote', t('staff_field_remote'), { hint: t('staff_field_remote_hint') })} />
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            {...text('manifestUrl', t('staff_field_manifest_url'), { hint: t('staff_field_manifest_url_hint') })}
          />
          <Button
            variant="outlined"
            onClick={() => void manifestCheck.check(manifestUrl.trim())}
            disabled={!manifestUrl.trim() || manifestCheck.state.status === 'checking'}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {t('staff_check_manifest')}
          </Button>
        </Stack>
        <CheckResult state={manifestCheck.state} />
      </Box>
      {lines('routes', t('staff_field_routes'), t('staff_field_routes_hint'))}

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('staff_section_visibility')}
      </Typography>
      {toggle('enabled', t('staff_field_enabled'), 'switch')}
      <Controller
        control={control}
        name="audience.kind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={audienceLabelId}>{t('staff_field_audience')}</FormLabel>
            <RadioGroup
              aria-labelledby={audienceLabelId}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
            >
              {(['all', 'internal', 'sellers'] as const).map((kind) => (
                <FormControlLabel
                  key={kind}
                  value={kind}
                  control={<Radio />}
                  label={t(`staff_audience_${kind}_long`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {audienceKind === 'sellers' && lines('audience.emails', t('staff_field_emails'), t('staff_field_emails_hint'))}
      <TextField
        {...text('order', t('staff_field_order'), {
          hint: t('staff_field_order_hint'),
          required: true,
          number: true,
        })}
        type="number"
        slotProps={{ htmlInput: { min: 0, max: 1000, step: 1 } }}
        sx={{ maxWidth: { sm: 240 } }}
      />

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('staff_section_card')}
      </Typography>
      {toggle('hasCard', t('staff_field_has_card'), 'checkbox')}
      {hasCard && (
        <Stack spacing={2.5}>
          <TextField
            {...text('card.pluginName', t('staff_field_plugin_name'), {
              hint: t('staff_field_plugin_name_hint'),
              required: true,
            })}
          />
          <TextField
            {...text('card.configurePath', t('staff_field_configure_path'), {
              hint: t('staff_field_configure_path_hint'),
              required: true,
            })}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('staff_card_texts_hint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...text('card.title.de', t('staff_field_title_de'))} />
            <TextField {...text('card.title.en', t('staff_field_title_en'))} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...text('card.description.de', t('staff_field_description_de'))} multiline minRows={2} />
            <TextField {...text('card.description.en', t('staff_field_description_en'))} multiline minRows={2} />
          </Stack>
          <TextField
            {...text('card.illustration', t('staff_field_illustration'), {
              hint: t('staff_field_illustration_hint'),
            })}
          />
          {toggle('comingSoon', t('staff_field_coming_soon'), 'checkbox')}
          {toggle('buyWithoutFilling', t('staff_field_buy_without_filling'), 'checkbox')}
        </Stack>
      )}
    </StaffFormDialog>
  );
}
