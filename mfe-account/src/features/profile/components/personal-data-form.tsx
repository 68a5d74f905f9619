import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, Grid, TextField } from '@mui/material';
import { useNotify, useSession, isProfileComplete } from '@portal/shared';
import { readApiError } from '../../../lib/api-error';
import { useProfileApi, type ContactFormValues } from '../api';
import {
  contactToForm,
  normalizeContact,
  validateContact,
  type ContactErrors,
  type ContactField,
} from '../contact-form';
import { CountrySelect } from './country-select';

export interface PersonalDataFormProps {
  /** Called after a save that left the profile complete (the page opens the AVV dialog if needed). */
  onSavedComplete: () => void;
}

export function PersonalDataForm({ onSavedComplete }: PersonalDataFormProps) {
  const { t } = useTranslation('account');
  const session = useSession();
  const notify = useNotify();
  const api = useProfileApi();
  const contact = session.profile?.contact;
  const loginEmail = contact?.email || session.user?.email || '';
  const [values, setValues] = useState<ContactFormValues>(() => contactToForm(contact));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [saving, setSaving] = useState(false);
  const touched = useRef(false);

  // Take over the profile when it arrives later (first load) as long as the user typed nothing yet.
  useEffect(() => {
    if (contact && !touched.current) setValues(contactToForm(contact));
  }, [contact]);

  const setField = (field: ContactField, value: string) => {
    touched.current = true;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    const payload = normalizeContact(values);
    setSaving(true);
    try {
      await api.updateContact(payload);
      notify.success({ title: t('notification_success'), message: t('success_profile_updated') });
      touched.current = false;
      await session.refresh('profile');
      if (isProfileComplete({ ...payload, email: loginEmail })) onSavedComplete();
    } catch (error) {
      // Values stay in the form so nothing typed is lost.
      const { message } = readApiError(error);
      notify.error({ title: t('error_failed_update_profile'), message: message ?? t('error_failed_update_profile') });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: ContactField, options: { required?: boolean; autoComplete?: string; type?: string } = {}) => ({
    id: `profile-${name}`,
    name,
    label: t(`profile_${name}`),
    value: values[name],
    onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
    required: options.required,
    autoComplete: options.autoComplete,
    type: options.type,
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as string) : undefined,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('profile_personal_form')}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            id="profile-email"
            label={t('profile_email')}
            value={loginEmail}
            fullWidth
            helperText={t('profile_email_readonly_hint')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('firstName', { required: true, autoComplete: 'given-name' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('lastName', { required: true, autoComplete: 'family-name' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('companyName', { autoComplete: 'organization' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountrySelect value={values.country} onChange={(code) => setField('country', code)} error={errors.country} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...field('street', { required: true, autoComplete: 'address-line1' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('houseNumber')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...field('postalCode', { required: true, autoComplete: 'postal-code' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField {...field('city', { required: true, autoComplete: 'address-level2' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('invoiceEmail', { type: 'email', autoComplete: 'email' })}
            placeholder={loginEmail}
            helperText={
              errors.invoiceEmail ? t(errors.invoiceEmail) : t('profile_invoiceEmail_hint', { email: loginEmail })
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('vatID')} />
        </Grid>
        <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={saving} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {saving ? t('profile_saving') : t('profile_save')}
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
