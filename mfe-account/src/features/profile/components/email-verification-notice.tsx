import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useBusyTask, useIdentity, useNotify } from '@portal/shared';

/** Shown while the login email is unverified: explains it and offers to resend the mail (the page polls). */
export function EmailVerificationNotice({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const identity = useIdentity();
  const notify = useNotify();
  const { busy: sending, run } = useBusyTask();

  const resend = () =>
    run({ title: t('notification_error'), message: t('notification_email_send_failed') }, async () => {
      await identity.sendVerificationEmail();
      notify.success({ title: t('notification_success'), message: t('notification_email_sent') });
    });

  return (
    <Alert
      severity="warning"
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        <Button color="inherit" size="small" onClick={resend} disabled={sending}>
          {t('profile_resend_verification')}
        </Button>
      }
    >
      {t('profile_email_unverified', { email })}
    </Alert>
  );
}
