import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { licenseMatchesPlugin } from '../../../domain/license-validity';
import type { Product } from '../../../domain/types';
import { useHttp } from '../../../services/context';
import { useLoad } from '../../../services/use-load';
import { LoadView } from '../../load-view';
import { BUY_PLUGINS, type BuyPlugin } from '../buy-plugins';
import { BuySection } from './section-heading';

/** The buy pages of the plugins the catalogue offers the seller (GET /license/product/all lists only those). */
export function offeredBuyPlugins(products: readonly Pick<Product, 'pluginName'>[]): BuyPlugin[] {
  return BUY_PLUGINS.filter((plugin) => products.some((product) => licenseMatchesPlugin(product, plugin)));
}

/**
 * The default buy page (no or an unknown ?plugin=): a card per plugin the seller may buy, leading to its plans. The
 * api decides which (the registry's audience of each plugin's card), so a plugin opened to more sellers shows here
 * without a change of this page.
 */
export function PluginChooser({ basePath = '/licenses/buy' }: { basePath?: string }) {
  const { t } = useTranslation('buy');
  const http = useHttp();
  const { state, retry } = useLoad(
    (signal) => http.get<Product[]>('/license/product/all', { signal }).then(offeredBuyPlugins),
    [http],
  );
  return (
    <BuySection name="choose" title={t('default_choose_title')}>
      <LoadView
        state={state}
        inline
        loadingLabel={t('default_choose_loading')}
        errorTitle={t('default_choose_error')}
        onRetry={retry}
      >
        {(plugins) =>
          plugins.length === 0 ? (
            <Typography color="text.secondary">{t('default_choose_empty')}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {plugins.map((plugin) => (
                <Card
                  key={plugin}
                  variant="outlined"
                  component="article"
                  sx={{ display: 'flex', flexDirection: 'column' }}
                >
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
          )
        }
      </LoadView>
    </BuySection>
  );
}
