import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PluginName } from '../domain/types';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../services/context';

export interface LicenseRequiredProps {
  pluginName: PluginName;
  /** Shown for {plugin} in the message, e.g. 'Freshdesk'. */
  pluginLabel: string;
}

/**
 * A feature page without a valid license for its plugin shows 'License Required / You need a valid
 * license to access this feature. Please purchase a license for {plugin}.' with a Buy button; a sub-user, who may
 * not buy, reads that only the parent user can.
 */
export function LicenseRequired({ pluginName, pluginLabel }: LicenseRequiredProps) {
  const { t } = useTranslation('common');
  const { isSubUser } = useSession();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="license-required-title" sx={{ p: { xs: 3, sm: 4 } }}>
      <Box sx={{ textAlign: 'center' }}>
        <LockOutlined color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography id="license-required-title" variant="h2" component="h2" gutterBottom>
          {t('license_required_title')}
        </Typography>
        <Typography color="text.secondary">{t('license_required_message', { plugin: pluginLabel })}</Typography>
        <Box sx={{ mt: 3 }}>
          {isSubUser ? (
            <Alert severity="info" sx={{ display: 'inline-flex', textAlign: 'left' }}>
              {t('parent_only_warning')}
            </Alert>
          ) : (
            <Button component={RouterLink} to={`/licenses/buy?plugin=${pluginName}`} variant="contained">
              {t('license_required_buy')}
            </Button>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
