import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PUBLIC_BUY_PLUGINS } from '../buy-plugins';
import { BuySection } from './section-heading';

/**
 * The default buy page (no or an unknown ?plugin=): a card per publicly offered plugin leading to its plans (Content
 * Master and GPSR are offered to the internal account only, spec §1, so they are reached from their own cards).
 */
export function PluginChooser({ basePath = '/licenses/buy' }: { basePath?: string }) {
  const { t } = useTranslation('buy');
  return (
    <BuySection name="choose" title={t('default_choose_title')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {PUBLIC_BUY_PLUGINS.map((plugin) => (
          <Card key={plugin} variant="outlined" component="article" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
                {t(`plugin_${plugin}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`default_plugin_${plugin}`)}
              </Typography>
            </CardContent>
            <CardActions sx={{ p: 2, pt: 0 }}>
              <Button component={RouterLink} to={`${basePath}?plugin=${plugin}`} variant="outlined">
                {t('default_view_plans', { plugin: t(`plugin_${plugin}`) })}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </BuySection>
  );
}
