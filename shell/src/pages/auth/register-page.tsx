import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { identityErrorCode } from '../../identity/identity-gateway';
import { useLoading, useNotify } from '@portal/shared';
import { BackendUserCreationError } from '../../account/account-operations';
import { useShellApi } from '../../composition/shell-api-context';
import { authApiRef, linksRef } from '../../composition/shell-apis';
import { AuthFrame } from './auth-frame';
import {
  authErrorMessageKey,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
  validateTerms,
} from './auth-validation';
import { PasswordField } from './PasswordField';
import { textFieldProps, useValidatedField } from './use-validated-field';

export function RegisterPage() {
  const { t } = useTranslation('shell');
  const { register, endRegistration } = useShellApi(authApiRef);
  const links = useShellApi(linksRef);
  const notify = useNotify();
  const loading = useLoading();
  const navigate = useNavigate();
  const email = useValidatedField('', validateEmail);
  const password = useValidatedField('', validatePassword);
  const repeatValidator = useCallback(
    (repeat: string) => validatePasswordRepeat(password.value, repeat),
    [password.value],
  );
  const repeat = useValidatedField('', repeatValidator);
  const terms = useValidatedField(false, validateTerms);
  const [busy, setBusy] = useState(false);
  // Public routes redirect again once this page is gone (after navigating to the profile).
  useEffect(() => endRegistration, [endRegistration]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const valid = [email.check(), password.check(), repeat.check(), terms.check()].every(Boolean);
    if (!valid) return;
    setBusy(true);
    try {
      const { verificationMailSent } = await loading.track(register(email.value.trim(), password.value));
      if (!verificationMailSent) {
        notify.warning({ title: t('notification_warning'), message: t('verification_mail_failed') });
      }
      navigate('/profile?firstTime=true', { replace: true });
    } catch (error) {
      const message =
        error instanceof BackendUserCreationError
          ? t('error_backend_user_creation')
          : t(authErrorMessageKey(identityErrorCode(error)));
      notify.error({ title: t('notification_error'), message });
      setBusy(false);
    }
  }

  return (
    <AuthFrame title={t('register_title')} subtitle={t('register_subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('register_title')}>
        <Stack spacing={2}>
          <TextField
            id="register-email"
            label={t('email_label')}
            type="email"
            autoComplete="email"
            required
            {...textFieldProps(email, t)}
          />
          <PasswordField
            id="register-password"
            label={t('password_label')}
            autoComplete="new-password"
            required
            {...textFieldProps(password, t, t('password_hint'))}
          />
          <PasswordField
            id="register-password-repeat"
            label={t('password_repeat_label')}
            autoComplete="new-password"
            required
            {...textFieldProps(repeat, t)}
          />
          <FormControl error={terms.error !== null} required>
            <FormControlLabel
              control={
                <Checkbox
                  checked={terms.value}
                  onChange={terms.onChange}
                  slotProps={{ input: { 'aria-describedby': terms.error ? 'register-terms-error' : undefined } }}
                />
              }
              label={
                <Trans
                  t={t}
                  i18nKey="terms_accept_label"
                  components={{
                    termsLink: <Link href={links.terms} target="_blank" rel="noopener noreferrer" />,
                  }}
                />
              }
            />
            {terms.error && <FormHelperText id="register-terms-error">{t(terms.error)}</FormHelperText>}
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
