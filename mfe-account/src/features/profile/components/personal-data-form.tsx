import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { FormTextField, useNotify, useNotifyFailure, useSession } from '@portal/shared';
import { isProfileComplete, normalizeVatId } from '@portal/shared/domain';
import { applyApiFieldErrors, usePortalForm } from '@portal/shared/forms';
import { useProfileApi, type ContactFormValues } from '../api';
import { contactFormSchema } from '../contact-form-schema';
import { PROFILE_FIELD_LABELS, contactToForm } from '../profile-fields';
import { CountrySelect } from './country-select';
import { VatVerificationNotice } from './vat-verification-notice';

export interface PersonalDataFormProps {
  /** Called after a save that left the profile complete (the page opens the AVV dialog if needed). */
  onSavedComplete: () => void;
  /** Each new value checks the whole form and focuses the first field that is missing or invalid. */
  checkRequest?: number;
}

export function PersonalDataForm({ onSavedComplete, checkRequest = 0 }: PersonalDataFormProps) {
  const { t } = useTranslation('account');
  const session = useSession();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const api = useProfileApi();
  const contact = session.profile?.contact;
  const loginEmail = contact?.email || session.user?.email || '';
  const form = usePortalForm(contactFormSchema, contactToForm(contact));
  const { control, formState, handleSubmit, setError, trigger, watch } = form;
  // VIES's answer is about the saved VAT ID: shown while the field still holds it (a new one is checked on save).
  const verification = contact?.vatVerification;
  const typedVatId = normalizeVatId(watch('vatID') ?? '');
  const showVerification = !!verification && typedVatId === verification.vatId;

  useEffect(() => {
    if (checkRequest > 0) void trigger(undefined, { shouldFocus: true });
  }, [checkRequest, trigger]);

  const save = handleSubmit(async (payload) => {
    try {
      await api.updateContact(payload);
      notify.success({ title: t('notification_success'), message: t('success_profile_updated') });
      await session.refresh('profile');
      if (isProfileComplete({ ...payload, email: loginEmail })) onSavedComplete();
    } catch (error) {
      // The typed values stay in the form; fields the api named are marked.
      applyApiFieldErrors(error, setError);
      notifyFailure(error, { title: t('error_failed_update_profile') });
    }
  });

  const field = (
    name: keyof ContactFormValues,
    { autoComplete, hint }: { autoComplete?: string; hint?: string } = {},
  ) => ({
    id: `profile-${name}`,
    label: t(PROFILE_FIELD_LABELS[name]),
    autoComplete,
    ...form.fieldProps(name, { hint }),
  });

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={t('profile_personal_form')}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField
            id="profile-email"
            label={t(PROFILE_FIELD_LABELS.email)}
            value={loginEmail}
            helperText={t('profile_email_readonly_hint')}
            htmlInput={{ readOnly: true }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...field('firstName', { autoComplete: 'given-name' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...field('lastName', { autoComplete: 'family-name' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...field('companyName', { autoComplete: 'organization' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="country"
            render={({ field: country, fieldState }) => (
              <CountrySelect
                value={country.value}
                onChange={country.onChange}
                onBlur={country.onBlur}
                inputRef={country.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField {...field('street', { autoComplete: 'address-line1' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...field('houseNumber')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField {...field('postalCode', { autoComplete: 'postal-code' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField {...field('city', { autoComplete: 'address-level2' })} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            {...field('invoiceEmail', {
              autoComplete: 'email',
              hint: t('profile_invoice_email_hint', { email: loginEmail }),
            })}
            type="email"
            placeholder={loginEmail}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...field('vatID')} />
        </Grid>
        {showVerification && verification && (
          <Grid size={12}>
            <VatVerificationNotice verification={verification} />
          </Grid>
        )}
        <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {formState.isSubmitting ? t('profile_saving') : t('profile_save')}
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
