import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { FormTextField, PasswordField, useLoading, useNotify, useNotifyFailure } from '@portal/shared';
import { usePortalForm } from '@portal/shared/forms';
import { BackendUserCreationError } from '../../account/account-operations';
import { useShellApi } from '../../shell-api/shell-api-context';
import { authApiRef, linksRef } from '../../shell-api/shell-apis';
import { identityErrorCode } from '../../identity/identity-gateway';
import { AuthFrame } from './auth-frame';
import { authErrorMessageKey } from './auth-error-key';
import { registrationForm } from './auth-schemas';
import { useIdentityPrefetch } from './use-identity-prefetch';

export function RegisterPage() {
  const { t } = useTranslation('shell');
  const { register, endRegistration } = useShellApi(authApiRef);
  const links = useShellApi(linksRef);
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const loading = useLoading();
  const navigate = useNavigate();
  const form = usePortalForm(registrationForm, { email: '', password: '', repeatPassword: '', terms: false });
  const [busy, setBusy] = useState(false);
  const { formProps: prefetchProps } = useIdentityPrefetch(registrationForm);
  // Public routes redirect again once this page is gone (after navigating to the profile).
  useEffect(() => endRegistration, [endRegistration]);

  const toggleLabels = { show: t('show_password'), hide: t('hide_password') };
  const { ref: termsRef, ...termsField } = form.register('terms');
  const termsError = form.formState.errors.terms?.message;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      const { verificationMailSent } = await loading.track(register(email, password));
      if (!verificationMailSent) {
        notify.warning({ title: t('notification_warning'), message: t('verification_mail_failed') });
      }
      navigate('/profile?firstTime=true', { replace: true });
    } catch (error) {
      const message =
        error instanceof BackendUserCreationError
          ? t('error_backend_user_creation')
          : t(authErrorMessageKey(identityErrorCode(error)));
      notifyFailure(error, { title: t('notification_error'), message });
      setBusy(false);
    }
  });

  return (
    <AuthFrame title={t('register_title')} subtitle={t('register_subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('register_title')} {...prefetchProps}>
        <Stack spacing={2}>
          <FormTextField
            id="register-email"
            label={t('email_label')}
            type="email"
            autoComplete="email"
            {...form.fieldProps('email')}
          />
          <PasswordField
            id="register-password"
            label={t('password_label')}
            autoComplete="new-password"
            toggleLabels={toggleLabels}
            {...form.fieldProps('password', { hint: t('password_hint') })}
          />
          <PasswordField
            id="register-password-repeat"
            label={t('password_repeat_label')}
            autoComplete="new-password"
            toggleLabels={toggleLabels}
            {...form.fieldProps('repeatPassword')}
          />
          <FormControl error={Boolean(termsError)} required>
            <FormControlLabel
              control={
                <Checkbox
                  {...termsField}
                  inputRef={termsRef}
                  checked={form.watch('terms')}
                  slotProps={{ input: { 'aria-describedby': termsError ? 'register-terms-error' : undefined } }}
                />
              }
              label={
                <Trans
                  t={t}
                  i18nKey="terms_accept_label"
                  components={{ termsLink: <Link href={links.terms} target="_blank" rel="noopener noreferrer" /> }}
                />
              }
            />
            {termsError && <FormHelperText id="register-terms-error">{t(termsError, { ns: 'common' })}</FormHelperText>}
          </FormControl>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('register_button_busy') : t('register_button')}
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            {t('have_account_question')}{' '}
            <Link component={RouterLink} to="/login">
              {t('login_link')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
