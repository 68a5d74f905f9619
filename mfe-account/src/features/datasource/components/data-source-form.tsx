import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PasswordField, apiErrorKey, useNotify, useNotifyFailure, useSession } from '@portal/shared';
import { applyApiFieldErrors, usePortalForm, type FieldPropsOptions } from '@portal/shared/forms';
import { useDataSourceApi } from '../api';
import {
  ENGINES,
  canTest,
  dataSourceFormSchema,
  dataSourceToForm,
  toInput,
  type DataSourceFormValues,
} from '../data-source-form-values';

type Busy = 'test' | 'save' | null;

export function DataSourceForm() {
  const { t } = useTranslation('account');
  const session = useSession();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const api = useDataSourceApi();
  const existing = session.dataSource;
  const passwordSaved = existing != null;
  const form = usePortalForm(dataSourceFormSchema(passwordSaved), dataSourceToForm(existing));
  const { control, getValues, handleSubmit, setError, setValue, watch } = form;
  const [busy, setBusy] = useState<Busy>(null);

  // The saved connection may arrive after the first render (a reload): show it unless the seller already typed.
  const { isDirty } = form.formState;
  useEffect(() => {
    if (existing && !isDirty) form.reset(dataSourceToForm(existing));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly loaded connection resets the form
  }, [existing]);

  /** The api's reason in words a seller understands (api_error_db_* …); fields it names are marked. */
  const explain = (error: unknown) => {
    applyApiFieldErrors(error, setError);
    return t(apiErrorKey(error as { slug?: string; status?: number }), { ns: 'common' });
  };

  const test = async () => {
    const values = getValues();
    if (!canTest(values, passwordSaved)) {
      notify.error({
        title: t('notification_error'),
        message: t('error_connection_details_missing', { ns: 'common' }),
      });
      return;
    }
    setBusy('test');
    try {
      await api.test(toInput(values));
      notify.success({ title: t('notification_success'), message: t('success_connection_test') });
    } catch (error) {
      notifyFailure(error, { title: t('error_connection_test_failed'), message: explain(error) });
    } finally {
      setBusy(null);
    }
  };

  const save = handleSubmit(async () => {
    setBusy('save');
    try {
      await api.save(toInput(getValues()), passwordSaved);
      notify.success({ title: t('notification_success'), message: t('success_datasource_updated') });
      setValue('password', '');
      await session.refresh('dataSource');
    } catch (error) {
      notifyFailure(error, { title: t('error_failed_update_datasource'), message: explain(error) });
    } finally {
      setBusy(null);
    }
  });

  const text = (name: Exclude<keyof DataSourceFormValues, 'engine'>, options?: FieldPropsOptions) => ({
    id: `ds-${name}`,
    label: t(`ds_${name}`),
    fullWidth: true,
    autoComplete: 'off',
    ...form.fieldProps(name, options),
  });

  const defaultPort = ENGINES.find((e) => e.value === watch('engine'))?.defaultPort;

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={t('ds_form_label')}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('ds_security_info')}
      </Alert>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="engine"
            render={({ field }) => (
              <TextField select id="ds-engine" label={t('ds_engine')} fullWidth {...field}>
                {ENGINES.map((engine) => (
                  <MenuItem key={engine.value} value={engine.value}>
                    {t(engine.labelKey)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} />
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...text('host')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('port', { format: (value) => value.replace(/\D/g, '') })}
            placeholder={defaultPort ? String(defaultPort) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField {...text('database')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('user')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            {...text('password', { hint: passwordSaved ? t('ds_password_hint_existing') : undefined })}
            autoComplete="new-password"
            placeholder={passwordSaved ? t('ds_password_placeholder_saved') : undefined}
            toggleLabels={{ show: t('ds_show_password'), hide: t('ds_hide_password') }}
          />
        </Grid>
        <Grid size={12}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={test} disabled={busy !== null}>
              {busy === 'test' ? t('ds_testing') : t('ds_test')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy !== null}>
              {busy === 'save' ? t('ds_saving') : t('ds_save')}
            </Button>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
