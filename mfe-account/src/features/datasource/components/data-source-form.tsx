import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Grid, IconButton, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useNotify, useSession } from '@portal/shared';
import { useDataSourceApi, type DbEngine } from '../api';
import { connectionErrorMessage } from '../error-message';
import {
  ENGINES,
  dataSourceToForm,
  hasTestDetails,
  toInput,
  validateForSave,
  type DataSourceField,
  type DataSourceFormValues,
} from '../datasource-form';

export function DataSourceForm() {
  const { t } = useTranslation('account');
  const session = useSession();
  const notify = useNotify();
  const api = useDataSourceApi();
  const existing = session.dataSource;
  const [values, setValues] = useState<DataSourceFormValues>(() => dataSourceToForm(existing));
  const [errors, setErrors] = useState<Partial<Record<DataSourceField, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const touched = useRef(false);

  useEffect(() => {
    if (existing && !touched.current) setValues(dataSourceToForm(existing));
  }, [existing]);

  const set = <K extends keyof DataSourceFormValues>(key: K, value: DataSourceFormValues[K]) => {
    touched.current = true;
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors(({ [key as DataSourceField]: _cleared, ...rest }) => rest);
  };

  const test = async () => {
    if (!hasTestDetails(values)) {
      notify.error({ title: t('notification_error'), message: t('error_connection_details_missing') });
      return;
    }
    setBusy('test');
    try {
      await api.test(toInput(values));
      notify.success({ title: t('notification_success'), message: t('success_connection_test') });
    } catch (error) {
      notify.error({
        title: t('notification_error'),
        message: connectionErrorMessage(error, 'error_connection_test_failed', t),
      });
    } finally {
      setBusy(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForSave(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`ds-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy('save');
    try {
      await api.save(toInput(values), existing != null);
      notify.success({ title: t('notification_success'), message: t('success_datasource_updated') });
      touched.current = false;
      setValues((v) => ({ ...v, password: '' }));
      await session.refresh('dataSource');
    } catch (error) {
      notify.error({
        title: t('error_failed_update_datasource'),
        message: connectionErrorMessage(error, 'error_failed_update_datasource', t),
      });
    } finally {
      setBusy(null);
    }
  };

  const text = (name: DataSourceField) => ({
    id: `ds-${name}`,
    name,
    label: t(`ds_${name}`),
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    required: true,
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as string) : undefined,
  });

  const defaultPort = ENGINES.find((e) => e.value === values.engine)?.defaultPort;

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={t('ds_form_label')}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('ds_security_info')}
      </Alert>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            id="ds-engine"
            label={t('ds_engine')}
            value={values.engine}
            onChange={(e) => set('engine', e.target.value as DbEngine)}
            fullWidth
          >
            {ENGINES.map((engine) => (
              <MenuItem key={engine.value} value={engine.value}>
                {t(engine.labelKey)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} />
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...text('host')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('port')}
            placeholder={defaultPort ? String(defaultPort) : undefined}
            onChange={(e) => set('port', e.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 5 } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField {...text('database')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('user')} autoComplete="off" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            helperText={errors.password ? t(errors.password) : existing ? t('ds_password_hint_existing') : undefined}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? t('ds_hide_password') : t('ds_show_password')}
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
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
