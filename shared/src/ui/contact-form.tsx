import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_DEFAULT_PREFIX } from '../domain/constants';
import type { ContactRequestInput } from '../domain/contact-request';
import { formatPhone } from '../domain/phone';
import { applyApiFieldErrors, usePortalForm } from '../forms';
import { useHttp, useLinks, useNotify, useSession } from '../services/context';
import { contactForm } from './contact-form-schema';
import { useNotifyFailure } from './use-notify-failure';
import { useShake } from './use-shake';

export interface ContactFormProps {
  /** Link for the privacy policy; default: the portal config's privacy link. */
  privacyUrl?: string;
  /** Heading level of the 'Need help?' title; default 2. */
  headingLevel?: 2 | 3;
}

/** 'Need help?': POST /user/contact-us, success notification, reset; input kept on failure. */
export function ContactForm({ privacyUrl, headingLevel = 2 }: ContactFormProps) {
  const { t } = useTranslation('common');
  const links = useLinks();
  const privacyHref = privacyUrl ?? links.privacy;
  const http = useHttp();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const session = useSession();
  const id = useId();
  const initialValues = {
    name: '',
    phone: PHONE_DEFAULT_PREFIX,
    email: session.user?.email ?? '',
    message: '',
    consent: false,
  };
  const form = usePortalForm(contactForm, initialValues);
  const { formState, handleSubmit, register, reset, setError, watch } = form;
  const consentShake = useShake();

  const onSubmit = handleSubmit(
    async ({ name, phone, email, message }) => {
      const body: ContactRequestInput = { name, phone, email, message };
      try {
        await http.post('/user/contact-us', body);
        notify.success({ title: t('notification_success'), message: t('success_message'), autoHideMs: 5000 });
        reset(initialValues);
      } catch (error) {
        const fieldsMarked = applyApiFieldErrors(error, setError);
        notifyFailure(error, {
          title: t('notification_error'),
          message: fieldsMarked ? t('api_error_validation_error') : undefined,
        });
      }
    },
    (errors) => {
      if (errors.consent) consentShake.shake();
    },
  );

  const { ref: consentRef, ...consent } = register('consent');
  const consentError = formState.errors.consent?.message;
  const sending = formState.isSubmitting;

  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      onFocus={contactForm.prefetch}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id={`${id}-title`}
        variant={headingLevel === 2 ? 'h2' : 'h3'}
        component={headingLevel === 2 ? 'h2' : 'h3'}
      >
        {t('contact_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('contact_subtitle')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('contact_name')} autoComplete="name" {...form.fieldProps('name')} />
            <TextField
              label={t('contact_phone')}
              type="tel"
              autoComplete="tel"
              {...form.fieldProps('phone', { format: formatPhone })}
            />
          </Stack>
          <TextField label={t('contact_email')} type="email" autoComplete="email" {...form.fieldProps('email')} />
          <TextField label={t('contact_message')} multiline minRows={4} {...form.fieldProps('message')} />
          <Box data-shaking={consentShake.shaking ? 'true' : 'false'} sx={consentShake.sx}>
            <FormControlLabel
              control={
                <Checkbox
                  {...consent}
                  inputRef={consentRef}
                  checked={Boolean(watch('consent'))}
                  inputProps={{ 'aria-describedby': consentError ? `${id}-consent-error` : undefined }}
                />
              }
              label={t('contact_privacy_consent')}
            />
            {privacyHref && (
              <Link
                href={privacyHref}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-block', ml: 4 }}
              >
                {t('contact_privacy_link')}
              </Link>
            )}
            {consentError && (
              <FormHelperText id={`${id}-consent-error`} error>
                {t(consentError)}
              </FormHelperText>
            )}
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={sending}>
              {sending ? t('contact_sending') : t('contact_submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
