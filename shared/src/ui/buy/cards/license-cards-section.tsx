import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { DEFAULT_COUNTRY } from '../../../domain/constants';
import { productsForBilling } from '../../../domain/money';
import { taxBuyerOf, type TaxBuyer } from '../../../domain/tax';
import type { Product } from '../../../domain/types';
import { ApiError } from '../../../services/api-error';
import { useHttp, useNotify, useSession } from '../../../services/context';
import { ErrorPanel } from '../../error-panel';
import { LoadingState } from '../../loading-state';
import { useBusyTask } from '../../use-busy-task';
import { GET_NOW_SECTION_ID, type BuyPlugin } from '../buy-plugins';
import { usePurchaseFlow } from '../purchase/use-purchase-flow';
import { activeLicenseOf, subscribedLicenseOf, type Billing } from './card-model';
import { LicenseCard } from './license-card';
import { usePluginProducts } from './use-plugin-products';

const PurchaseDialog = lazy(() => import('../purchase/purchase-dialog'));

export interface LicenseCardsSectionProps {
  plugin: BuyPlugin;
}

/** The billing-period toggle and the plugin's plans. */
export function LicenseCardsSection({ plugin }: LicenseCardsSectionProps) {
  const { t } = useTranslation('buy');
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const navigate = useNavigate();
  const { state, retry } = usePluginProducts(plugin);
  const [billing, setBilling] = useState<Billing>('yearly');
  const { busy, run } = useBusyTask();
  const flow = usePurchaseFlow();
  const contact = session.profile?.contact;
  const buyer: TaxBuyer = contact ? taxBuyerOf(contact) : { country: DEFAULT_COUNTRY, vatIdVerified: false };

  const activate = (product: Product) =>
    run({ title: t('free_failed') }, async () => {
      await http.post('/license/product/free_or_trial', undefined, { query: { licenseProductID: product.id } });
      notify.success({ title: t('notification_success', { ns: 'common' }), message: t('free_activated') });
      await session.refresh('licenses');
    });

  async function activateFree(product: Product) {
    if (await activate(product)) navigate('/dashboard');
  }

  async function getApp(product: Product) {
    if (!activeLicenseOf(product, session.licenses) && !(await activate(product))) return;
    document.getElementById(GET_NOW_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <Box component="section" aria-labelledby="buy-cards-title" sx={{ mb: 6 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        spacing={2}
        sx={{ mb: 2 }}
      >
        <Box>
          <Typography id="buy-cards-title" variant="h2" component="h2">
            {t('cards_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cards_prices_note')}
          </Typography>
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={billing}
          onChange={(_, value: Billing | null) => value && setBilling(value)}
          aria-label={t('billing_label')}
        >
          <ToggleButton value="monthly">{t('billing_monthly')}</ToggleButton>
          <ToggleButton value="half_yearly">{t('billing_half_yearly')}</ToggleButton>
          <ToggleButton value="yearly">{t('billing_yearly')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {session.isSubUser && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('parent_only')}
        </Alert>
      )}
      {state.status === 'loading' && <LoadingState label={t('cards_loading')} />}
      {state.status === 'error' && isNotOffered(state.error) && <NotOffered />}
      {state.status === 'error' && !isNotOffered(state.error) && (
        <ErrorPanel title={t('cards_error')} error={state.error} onRetry={retry} />
      )}
      {state.status === 'ready' && (
        <Cards
          products={productsForBilling(state.data, billing)}
          render={(product) => (
            <LicenseCard
              product={product}
              billing={billing}
              activeLicense={activeLicenseOf(product, session.licenses)}
              subscribedLicense={subscribedLicenseOf(product, session.licenses)}
              buyer={buyer}
              isSubUser={session.isSubUser}
              busy={busy}
              onBuy={(choice) => void flow.start(choice)}
              onActivate={(p) => void activateFree(p)}
              onGetApp={(p) => void getApp(p)}
            />
          )}
        />
      )}
      {flow.state.kind !== 'idle' && (
        <Suspense fallback={null}>
          <PurchaseDialog
            state={flow.state}
            onPay={flow.pay}
            onClose={flow.close}
            onShowWindow={flow.focusPaymentWindow}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** The api sells this plugin only to the accounts its dashboard card is meant for: a seller outside gets no plans. */
const isNotOffered = (error: unknown) => error instanceof ApiError && error.slug === 'plugin-not-available';

function NotOffered() {
  const { t } = useTranslation('buy');
  return (
    <Alert severity="info">
      <AlertTitle>{t('cards_not_offered_title')}</AlertTitle>
      {t('cards_not_offered_text')}{' '}
      <Link component={RouterLink} to="/licenses/buy">
        {t('cards_not_offered_link')}
      </Link>
    </Alert>
  );
}

function Cards({ products, render }: { products: Product[]; render(product: Product): ReactNode }) {
  const { t } = useTranslation('buy');
  if (products.length === 0) return <Typography color="text.secondary">{t('cards_empty')}</Typography>;
  return (
    <Grid container spacing={2}>
      {products.map((product) => (
        <Grid key={product.id} size={{ xs: 12, sm: 6, lg: products.length > 3 ? 3 : 4 }}>
          {render(product)}
        </Grid>
      ))}
    </Grid>
  );
}
