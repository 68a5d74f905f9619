import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useShellApi } from '../shell-api/shell-api-context';
import { linksRef } from '../shell-api/shell-apis';

export const COOKIE_CONSENT_STORAGE_KEY = 'portal.cookieConsent';
export const CONSENTS = ['all', 'necessary'] as const;
type Consent = (typeof CONSENTS)[number];

function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY);
    return CONSENTS.find((consent) => consent === value) ?? null;
  } catch {
    return null;
  }
}

/** Shown until the visitor chooses; the choice is remembered in localStorage. */
export function CookieConsentBanner() {
  const { t } = useTranslation('shell');
  const links = useShellApi(linksRef);
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  if (consent) return null;

  const choose = (value: Consent) => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, value);
    } catch {
      // Without storage the banner shows again next visit, nothing else breaks.
    }
    setConsent(value);
  };

  // data-cookie-banner and data-consent: index.html's drawing of /login hides the banner once a choice is stored, and its
  // script stores the choice of these buttons before React runs (static-login-page.tsx).
  return (
    <Paper
      data-cookie-banner=""
      role="region"
      aria-label={t('cookie_banner_label')}
      elevation={6}
      square
      // Sticky, not fixed: it takes its own space at the end of the page, so it never hides the footer links.
      sx={{ position: 'sticky', bottom: 0, p: 2, zIndex: (theme) => theme.zIndex.snackbar - 1 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, maxWidth: 1100, mx: 'auto' }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookie_banner_text')}{' '}
          <Link href={links.privacy} target="_blank" rel="noopener noreferrer">
            {t('footer_privacy')}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" data-consent="necessary" onClick={() => choose('necessary')}>
            {t('cookie_banner_necessary')}
          </Button>
          <Button variant="contained" data-consent="all" onClick={() => choose('all')}>
            {t('cookie_banner_accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
