import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormTextField, useIdentity, useLoading, useNotify } from '@portal/shared';
import { usePortalForm } from '@portal/shared/forms';
import { identityErrorCode } from '../../identity/identity-gateway';
import { AuthFrame } from './auth-frame';
import { authErrorMessageKey } from './auth-error-key';
import { passwordResetForm } from './auth-schemas';
import { useIdentityPrefetch } from './use-identity-prefetch';

export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const { sendPasswordReset } = useIdentity();
  const notify = useNotify();
  const loading = useLoading();
  const navigate = useNavigate();
  const form = usePortalForm(passwordResetForm, { email: '' });
  const [busy, setBusy] = useState(false);
  const { formProps: prefetchProps } = useIdentityPrefetch(passwordResetForm);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await loading.track(sendPasswordReset(email));
      notify.success({ title: t('notification_success'), message: t('linkSentToPasswordReset') });
      navigate('/login');
    } catch (error) {
      notify.error({ title: t('notification_error'), message: t(authErrorMessageKey(identityErrorCode(error))) });
      setBusy(false);
    }
  });

  return (
    <AuthFrame title={t('forgot_password_title')} subtitle={t('forgot_password_subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('forgot_password_title')} {...prefetchProps}>
        <Stack spacing={2}>
          <FormTextField
            id="forgot-email"
            label={t('email_label')}
            type="email"
            autoComplete="email"
            {...form.fieldProps('email')}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} aria-busy={busy}>
            {busy ? t('reset_button_busy') : t('reset_button')}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
            {t('back_to_login')}
          </Link>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
