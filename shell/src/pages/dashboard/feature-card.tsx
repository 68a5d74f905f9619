import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { LoadView, useNotify, useSession, type DashboardCard, type LoadState } from '@portal/shared';
import { cardReadiness, type CardReadiness } from '@portal/shared/domain';
import { useState } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

const BUTTON_KEYS: Record<CardReadiness['action'], string> = {
  // Never a button: an undecided card shows its error and Retry instead.
  unknown: 'card_error_title',
  soon: 'card_button_soon',
  'complete-profile': 'card_button_complete_profile',
  configure: 'card_button_configure',
  buy: 'card_button_buy',
  'parent-only': 'card_button_buy',
};

/**
 * One plugin card; `title`, `description` and `image` come resolved (registry texts or the remote's own). They show
 * as soon as the registry and the remote's description are there; the button waits for the session's profile,
 * database connection and licenses (`decided`), saying it is checking meanwhile. When a part the button depends on
 * failed to load, the card says so with Retry instead of guessing a button.
 */
export function FeatureCard({
  card,
  title,
  description,
  image,
  decided,
}: {
  card: DashboardCard;
  title: string;
  description: string;
  image: string | undefined;
  /** The session's data parts have loaded (or failed): the button can be decided. */
  decided: boolean;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const { profile, dataSource, licenses, isSubUser, failedParts } = session;
  const readiness = cardReadiness({ card, profile, dataSource, licenses, isSubUser, failedParts });
  const [retrying, setRetrying] = useState(false);
  const failed = readiness.failed ?? [];
  const state: LoadState<CardReadiness> =
    retrying || !decided
      ? { status: 'loading' }
      : readiness.action === 'unknown'
        ? { status: 'error', error: null }
        : { status: 'ready', data: readiness };

  async function retry() {
    setRetrying(true);
    try {
      await Promise.all(failed.map((part) => session.refresh(part)));
    } finally {
      setRetrying(false);
    }
  }

  function onAction() {
    if (readiness.action === 'parent-only') {
      notify.warning({ title: t('notification_warning'), message: t('only_parent_can_buy') });
    } else if (readiness.target) {
      navigate(readiness.target);
    }
  }

  return (
    <Card
      component="article"
      aria-label={title}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {image && <CardMedia component="img" image={image} alt="" sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />}
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
        {readiness.hint && readiness.target && (
          <Link
            component={RouterLink}
            to={readiness.target}
            color="error"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
          >
            <ErrorOutline fontSize="small" aria-hidden />
            {t(`card_hint_${readiness.hint}`)}
          </Link>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, display: 'block' }}>
        <LoadView
          state={state}
          inline
          loadingLabel={t('card_checking')}
          errorTitle={t('card_error_title')}
          errorMessage={failed.map((part) => t(`card_error_${part}`)).join(' ')}
          onRetry={() => void retry()}
        >
          {(ready) => (
            <Button
              variant={ready.action === 'soon' ? 'outlined' : 'contained'}
              disabled={ready.action === 'soon'}
              onClick={onAction}
              fullWidth
              aria-label={`${t(BUTTON_KEYS[ready.action])}: ${title}`}
            >
              {t(BUTTON_KEYS[ready.action])}
            </Button>
          )}
        </LoadView>
      </CardActions>
    </Card>
  );
}
