import { Alert, AlertTitle, Box } from '@mui/material';
import { ContactForm, PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { buyablePlugin } from '../buyable-plugins';

/**
 * /licenses/buy?plugin=…: header and contact form are real; the license cards and purchase flow are a later
 * piece of work (billing), so the body says so instead of showing cards that cannot be bought.
 */
export function BuyLicensePage() {
  const { t } = useTranslation('licenses');
  const [params] = useSearchParams();
  const plugin = buyablePlugin(params.get('plugin'));
  const title = plugin ? t('buy_title_with_plugin', { plugin: t(`buy_plugins_${plugin}`) }) : t('buy_title');

  return (
    <>
      <PageHeader title={title} subtitle={t('buy_description')} backTo="/dashboard" />
      <Alert severity="info" sx={{ mb: 4 }}>
        <AlertTitle>{t('buy_pending_title')}</AlertTitle>
        {t('buy_pending_message')}
      </Alert>
      <Box component="section">
        <ContactForm />
      </Box>
    </>
  );
}
