import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useHttp, useNotify, useSession } from '@portal/shared';
import { formatDateUtc, type AvvCurrent } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { fetchAvvCurrent } from './avv-api';

// The dialog (and jsdiff) load only when a seller opens it.
const AvvReviewDialog = lazy(() => import('./avv-review-dialog'));

/**
 * A seller who accepted an older AVV version than the one in force sees this banner above every page; it opens
 * the review dialog (summary, diff, sub-processors) where they accept the new version.
 */
export function AvvBanner() {
  const { t } = useTranslation('shell');
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const [state, setState] = useState<AvvCurrent | null>(null);
  const [open, setOpen] = useState(false);
  const signedIn = session.apiUser != null;
  // Re-check whenever the acceptance on the profile changes (accepted on the profile page, a new session).
  const acceptedDate = session.profile?.avv.acceptedDate ?? null;

  const load = useCallback(async () => {
    try {
      setState(await fetchAvvCurrent(http));
    } catch (error) {
      // The banner is a hint; the profile page and the dashboard cards still say the AVV is not accepted.
      console.error('Failed to load the AVV version in force', error);
      setState(null);
    }
  }, [http]);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, acceptedDate, load]);

  if (!state?.needsReacceptance) return null;
  const { current } = state;

  async function accepted() {
    setOpen(false);
    notify.success({
      title: t('avv_accepted_title'),
      message: t('avv_accepted_message', { version: current.version }),
    });
    await Promise.all([load(), session.refresh('profile')]);
  }

  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }} role="region" aria-label={t('avv_banner_title')}>
        <AlertTitle>{t('avv_banner_title')}</AlertTitle>
        {t('avv_banner_text', { version: current.version, date: formatDateUtc(current.effectiveDate) })}
        <Box sx={{ mt: 1 }}>
          <Button color="warning" size="small" variant="contained" onClick={() => setOpen(true)}>
            {t('avv_banner_review')}
          </Button>
        </Box>
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <AvvReviewDialog
            open={open}
            state={state}
            onClose={() => setOpen(false)}
            onAccepted={accepted}
            onStale={load}
          />
        </Suspense>
      )}
    </>
  );
}
