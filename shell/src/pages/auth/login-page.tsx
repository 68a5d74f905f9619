import { createContext, useContext, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormTextField, PasswordField, useLoading, useNotify } from '@portal/shared';
import { usePortalForm } from '@portal/shared/forms';
import { useShellApi } from '../../shell-api/shell-api-context';
import { authApiRef } from '../../shell-api/shell-apis';
import { identityErrorCode } from '../../identity/identity-gateway';
import { AuthFrame } from './auth-frame';
import { authErrorMessageKey } from './auth-error-key';
import { loginForm } from './auth-schemas';
import { useIdentityPrefetch } from './use-identity-prefetch';
import { useStaticLoginHandover } from './use-static-login-handover';

/** The fields' ids, which the static card's takeover also needs. */
const FIELD_IDS = { email: 'login-email', password: 'login-password' };

/**
 * The fields' values on the first render: empty. The build's drawing of the page for index.html also draws them
 * filled, for the attributes of MUI's filled field (static-login-page.tsx).
 */
export const LoginValuesAtFirst = createContext({ email: '', password: '' });

export function LoginPage() {
  const { t } = useTranslation('shell');
  const { signIn } = useShellApi(authApiRef);
  const notify = useNotify();
  const loading = useLoading();
  const form = usePortalForm(loginForm, useContext(LoginValuesAtFirst));
  const [busy, setBusy] = useState(false);
  const intent = useIdentityPrefetch(loginForm);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      // Success is picked up by the auth-state subscription; the public route then redirects.
      await loading.track(signIn(email, password));
    } catch (error) {
      notify.error({ title: t('notification_error'), message: t(authErrorMessageKey(identityErrorCode(error))) });
      setBusy(false);
    }
  });
  useStaticLoginHandover({
    fieldIds: FIELD_IDS,
    setValues: ({ email, password }) => {
      form.setValue('email', email);
      form.setValue('password', password);
      // Typed into the static page: the same intent as typing here.
      if (email || password) intent.prefetch();
    },
    submit: () => void onSubmit(),
  });

  return (
    <AuthFrame title={t('login_title')} subtitle={t('login_subtitle')}>
      {/* method="post": a submit that no script catches (the static page's form before its script ran) sends no
          password in the address. */}
      <Box
        component="form"
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('login_title')}
        {...intent.formProps}
      >
        <Stack spacing={2}>
          <FormTextField
            id={FIELD_IDS.email}
            label={t('email_label')}
            type="email"
            autoComplete="email"
            {...form.fieldProps('email')}
          />
          <PasswordField
            id={FIELD_IDS.password}
            label={t('password_label')}
            autoComplete="current-password"
            toggleLabels={{ show: t('show_password'), hide: t('hide_password') }}
            {...form.fieldProps('password')}
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
            {t('forgot_password_link')}
          </Link>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('login_button_busy') : t('login_button')}
          </Button>
          <Box sx={{ textAlign: 'center', typography: 'body2' }}>
            {t('no_account_question')}{' '}
            <Link component={RouterLink} to="/register">
              {t('register_link')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
