import { keyframes } from '@emotion/react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_DEFAULT_PREFIX, SHAKE_MS } from '../domain/constants';
import { contactFormSchema, type ContactRequestInput } from '../domain/contact-request';
import { emailField } from '../domain/email';
import { formatPhone } from '../domain/phone';
import { fieldErrors } from '../domain/validate';
import { useHttp, useNotify, useSession } from '../services/context';

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-6px); }
  40%, 80% { transform: translateX(6px); }
`;

type Field = 'name' | 'phone' | 'email' | 'message' | 'consent';

export interface ContactFormProps {
  /** Link for the privacy policy (portal-config links.privacy). */
  privacyUrl?: string;
  /** Heading level of the 'Need help?' title; default 2. */
  headingLevel?: 2 | 3;
}

/** 'Need help?' (spec §2, §5, §8): POST /user/contact-us, success notification, reset; input kept on failure. */
export function ContactForm({ privacyUrl, headingLevel = 2 }: ContactFormProps) {
  const { t } = useTranslation('common');
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const id = useId();
  const initialEmail = session.user?.email ?? '';

  const [name, setName] = useState('');
  const [phone, setPhone] = useState(PHONE_DEFAULT_PREFIX);
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [shaking, setShaking] = useState(false);
  const shakeTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(shakeTimer.current), []);

  const clearError = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  function startShake() {
    clearTimeout(shakeTimer.current);
    setShaking(true);
    shakeTimer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  }

  function validateEmailOnBlur() {
    const result = emailField('email_required', 'email_invalid').safeParse(email);
    setErrors((e) => ({ ...e, email: result.success ? undefined : result.error.issues[0]?.message }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = fieldErrors(contactFormSchema, { name, phone, email, message, consent });
    setErrors(found);
    if (found.consent) startShake();
    if (Object.keys(found).length > 0) return;
    const body: ContactRequestInput = contactFormSchema.parse({ name, phone, email, message, consent });
    setSending(true);
    try {
      await http.post('/user/contact-us', {
        name: body.name,
        phone: body.phone,
        email: body.email,
        message: body.message,
      });
      notify.success({ title: t('notification_success'), message: t('success_message'), autoHideMs: 5000 });
      setName('');
      setPhone(PHONE_DEFAULT_PREFIX);
      setEmail(initialEmail);
      setMessage('');
      setConsent(false);
      setErrors({});
    } catch (error) {
      notify.error({ title: t('notification_error'), message: (error as Error)?.message || t('contact_error') });
    } finally {
      setSending(false);
    }
  }

  const helper = (field: Field) => (errors[field] ? t(errors[field]!) : undefined);

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
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
            <TextField
              label={t('contact_name')}
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                clearError('name');
              }}
              error={Boolean(errors.name)}
              helperText={helper('name')}
            />
            <TextField
              label={t('contact_phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={phone}
              onChange={(e) => {
                setPhone(formatPhone(e.target.value));
                clearError('phone');
              }}
              error={Boolean(errors.phone)}
              helperText={helper('phone')}
            />
          </Stack>
          <TextField
            label={t('contact_email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              clearError('email');
            }}
            onBlur={validateEmailOnBlur}
            error={Boolean(errors.email)}
            helperText={helper('email')}
          />
          <TextField
            label={t('contact_message')}
            name="message"
            required
            multiline
            minRows={4}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              clearError('message');
            }}
            error={Boolean(errors.message)}
            helperText={helper('message')}
          />
          <Box
            data-shaking={shaking ? 'true' : 'false'}
            sx={shaking ? { animation: `${shake} ${SHAKE_MS}ms ease-in-out` } : undefined}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={consent}
                  onChange={(e) => {
                    setConsent(e.target.checked);
                    clearError('consent');
                  }}
                  inputProps={{ 'aria-describedby': errors.consent ? `${id}-consent-error` : undefined }}
                />
              }
              label={t('contact_privacy_consent')}
            />
            {privacyUrl && (
              <Link href={privacyUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', ml: 4 }}>
                {t('contact_privacy_link')}
              </Link>
            )}
            {errors.consent && (
              <FormHelperText id={`${id}-consent-error`} error>
                {t(errors.consent)}
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
