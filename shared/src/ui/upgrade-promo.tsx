import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { showsUpgradePromo } from '../domain/upgrade-promo';
import type { PluginName } from '../domain/types';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../services/context';

export interface UpgradePromoProps {
  /** The plugin whose paid plans are offered; also the ?plugin= of /licenses/buy. */
  pluginName: PluginName;
  pluginLabel: string;
  /** Fixed time for tests. */
  now?: Date;
}

/** Shown only to a main user without a paid active license (price above 0) for the plugin. */
export function UpgradePromo({ pluginName, pluginLabel, now }: UpgradePromoProps) {
  const { t } = useTranslation('common');
  const session = useSession();
  if (!showsUpgradePromo(session, pluginName, now)) return null;
  return (
    <Alert
      severity="info"
      icon={<RocketLaunchOutlined />}
      component="aside"
      role="complementary"
      aria-label={t('upgrade_promo_title')}
      sx={{
        mb: 3,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 0%', minWidth: 0 },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, width: { xs: '100%', sm: 'auto' }, pt: { sm: 0.5 } },
      }}
      action={
        <Button
          component={RouterLink}
          to={`/licenses/buy?plugin=${pluginName}`}
          variant="contained"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('upgrade_promo_action')}
        </Button>
      }
    >
      <AlertTitle>{t('upgrade_promo_title')}</AlertTitle>
      {t('upgrade_promo_text', { plugin: pluginLabel })}
    </Alert>
  );
}
