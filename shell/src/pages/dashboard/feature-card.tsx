import { Button, Card, CardActions, CardContent, CardMedia, Link, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useNotify, usePreferences, useSession, type DashboardCard } from '@portal/shared';
import { cardReadiness, type CardReadiness } from '@portal/shared/domain';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { illustrationUrl } from './illustrations';

const BUTTON_KEYS: Record<CardReadiness['action'], string> = {
  soon: 'card_button_soon',
  'complete-profile': 'card_button_complete_profile',
  configure: 'card_button_configure',
  buy: 'card_button_buy',
  'parent-only': 'card_button_buy',
};

export function FeatureCard({ card }: { card: DashboardCard }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const notify = useNotify();
  const { language } = usePreferences();
  const { profile, dataSource, licenses, isSubUser } = useSession();
  const readiness = cardReadiness({ card, profile, dataSource, licenses, isSubUser });
  // Texts the registry leaves out come from the remote (helper `remotes`); until then the plugin name stands in.
  const title = card.title?.[language] ?? card.pluginName;
  const image = illustrationUrl(card.illustration ?? '', card.pluginName);

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
        {card.description && (
          <Typography variant="body2" color="text.secondary">
            {card.description[language]}
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
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant={readiness.action === 'soon' ? 'outlined' : 'contained'}
          disabled={readiness.action === 'soon'}
          onClick={onAction}
          fullWidth
          aria-label={`${t(BUTTON_KEYS[readiness.action])}: ${title}`}
        >
          {t(BUTTON_KEYS[readiness.action])}
        </Button>
      </CardActions>
    </Card>
  );
}
