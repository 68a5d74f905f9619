import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useNotify, useSession, type DashboardCard } from '@portal/shared';
import { cardReadiness, type CardReadiness } from '@portal/shared/domain';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

const BUTTON_KEYS: Record<CardReadiness['action'], string> = {
  soon: 'card_button_soon',
  'complete-profile': 'card_button_complete_profile',
  configure: 'card_button_configure',
  buy: 'card_button_buy',
  'parent-only': 'card_button_buy',
};

/** One plugin card; `title`, `description` and `image` come resolved (registry texts or the remote's own). */
export function FeatureCard({
  card,
  title,
  description,
  image,
}: {
  card: DashboardCard;
  title: string;
  description: string;
  image: string | undefined;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const notify = useNotify();
  const { profile, dataSource, licenses, isSubUser } = useSession();
  const readiness = cardReadiness({ card, profile, dataSource, licenses, isSubUser });

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
