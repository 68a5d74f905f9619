import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_BLOCK_SIZE } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import { formatMoney, isFreeProduct } from '../../../domain/money';
import { QuoteError, quotePurchase } from '../../../domain/pricing';
import type { TaxBuyer } from '../../../domain/tax';
import type { PurchaseSelection } from '../../../domain/purchase';
import type { License, Product } from '../../../domain/types';
import { useShake } from '../../use-shake';
import { QuoteSummary } from '../purchase/quote-summary';
import { AutoUpgradeConsent } from './auto-upgrade-consent';
import {
  cardAction,
  cardCounters,
  cardFeatures,
  needsAutoUpgradeConsent,
  periodLabel,
  yearlyDiscount,
  type Billing,
  type PeriodLabel,
} from './card-model';
import { ExtraCounter } from './extra-counter';

export interface BuyChoice {
  product: Product;
  selection: PurchaseSelection;
  autoUpgradeConsent: boolean;
}

export interface LicenseCardProps {
  product: Product;
  billing: Billing;
  activeLicense: License | null;
  /** The license of the seller's live subscription of this plugin: its plan is "Current plan", the others a change. */
  subscribedLicense?: License | null;
  buyer: TaxBuyer;
  /** Sub-users cannot buy: the button is disabled, the page shows the parent-only notice. */
  isSubUser: boolean;
  /** Another card's action is running. */
  busy: boolean;
  onBuy(choice: BuyChoice): void;
  onActivate(product: Product): void;
  onGetApp(product: Product): void;
}

export function usePeriodText() {
  const { t } = useTranslation('buy');
  return (label: PeriodLabel) => ('count' in label ? t(label.key, { count: label.count }) : t(label.key));
}

/** One plan: name, price with billing label, features, counters, VAT and gross, and its button. */
export function LicenseCard({
  product,
  billing,
  activeLicense,
  subscribedLicense = null,
  buyer,
  isSubUser,
  busy,
  onBuy,
  onActivate,
  onGetApp,
}: LicenseCardProps) {
  const { t } = useTranslation('buy');
  const periodText = usePeriodText();
  const titleId = useId();
  const planAction = cardAction(product, activeLicense, subscribedLicense);
  const free = isFreeProduct(product);
  const period = periodText(periodLabel(product));
  const discount = yearlyDiscount(product, billing);
  const features = cardFeatures(product);
  const counters = cardCounters(product);
  // The current plan's counters start at the extras bought with it; other counts are a change of the plan.
  const bought = planAction === 'current_plan' ? subscribedLicense?.licenseTypeDetails.extraOptions : undefined;
  const boughtUsers = bought?.extra_users_count ?? 0;
  const boughtBlocks = Math.ceil((bought?.extra_email_count ?? 0) / EMAIL_BLOCK_SIZE);
  const [users, setUsers] = useState(boughtUsers);
  const [emails, setEmails] = useState(boughtBlocks);
  const [consent, setConsent] = useState(false);
  const { shaking, shake } = useShake();
  const action =
    planAction === 'current_plan' && (users !== boughtUsers || emails !== boughtBlocks) ? 'change_plan' : planAction;
  const buying = action === 'buy' || action === 'change_plan';

  const countersDisabled = action === 'active' || isSubUser;
  const selection: PurchaseSelection = {
    extra_users_count: counters.users ? users : 0,
    extra_email_blocks: counters.emails ? emails : 0,
  };
  let quote = null;
  if (!free) {
    try {
      quote = quotePurchase(product, selection, buyer);
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
    }
  }
  const money = (cents: number) => formatMoney(Math.round(cents), product.priceNetto.currency);

  function buy() {
    if (needsAutoUpgradeConsent(product) && !consent) {
      shake();
      return;
    }
    onBuy({ product, selection, autoUpgradeConsent: consent });
  }

  const onClick = {
    buy,
    change_plan: buy,
    current_plan: undefined,
    get_app: () => onGetApp(product),
    activate_free: () => onActivate(product),
    start_trial: () => onActivate(product),
    active: undefined,
  }[action];

  const activeText = activeLicense
    ? activeLicense.licenseExpired
      ? t('card_active_until', { date: formatDate(activeLicense.licenseExpired) })
      : t('card_active_no_expiry')
    : null;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: action === 'active' || planAction === 'current_plan' ? 'success.main' : undefined,
        borderWidth: action === 'active' || planAction === 'current_plan' ? 2 : 1,
      }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {product.name}
          </Typography>
          {discount && (
            <Chip
              size="small"
              color="success"
              label={t('badge_discount', { percent: discount.percent })}
              aria-label={t('badge_discount_label', { percent: discount.percent })}
            />
          )}
          {activeText && <Chip size="small" color="success" variant="outlined" label={t('card_active')} />}
        </Stack>
        <Box>
          <Stack direction="row" alignItems="baseline" spacing={1} flexWrap="wrap" useFlexGap>
            <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
              {free ? t('price_free') : money(product.priceNetto.amount)}
            </Typography>
            {discount && (
              <Typography
                component="s"
                color="text.secondary"
                aria-label={t('price_original', { price: money(discount.originalCents) })}
              >
                {money(discount.originalCents)}
              </Typography>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {period}
          </Typography>
          {activeText && (
            <Typography variant="body2" color="success.main" fontWeight={600} sx={{ mt: 0.5 }}>
              {activeText}
            </Typography>
          )}
        </Box>
        {features.main.length > 0 && <FeatureList title={t('card_main_features')} lines={features.main} />}
        {features.additional.length > 0 && (
          <FeatureList title={t('card_additional_features')} lines={features.additional} />
        )}
        {(counters.emails || counters.users) && (
          <Stack spacing={1}>
            <Divider />
            {counters.emails && (
              <ExtraCounter
                label={t('counter_emails_label')}
                hint={t('counter_emails_hint', { price: money(counters.emails.monthlyCents) })}
                value={emails}
                onChange={setEmails}
                disabled={countersDisabled}
              />
            )}
            {counters.users && (
              <ExtraCounter
                label={t('counter_users_label')}
                hint={t('counter_users_hint', { price: money(counters.users.monthlyCents) })}
                value={users}
                onChange={setUsers}
                disabled={countersDisabled}
              />
            )}
            {action === 'active' && (
              <Typography variant="caption" color="text.secondary">
                {t('counter_disabled_active')}
              </Typography>
            )}
          </Stack>
        )}
        {quote && buying && (
          <>
            <Divider />
            <QuoteSummary quote={quote} periodText={period} dense />
          </>
        )}
        {needsAutoUpgradeConsent(product) && buying && (
          <AutoUpgradeConsent checked={consent} onChange={setConsent} shaking={shaking} disabled={isSubUser} />
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          fullWidth
          variant={action === 'active' || action === 'current_plan' ? 'outlined' : 'contained'}
          disabled={action === 'active' || action === 'current_plan' || isSubUser || busy}
          onClick={onClick}
          aria-label={
            action === 'buy'
              ? t('card_buy_named', { name: product.name })
              : action === 'change_plan'
                ? t('card_change_plan_named', { name: product.name })
                : undefined
          }
        >
          {t(`card_${action}`)}
        </Button>
      </CardActions>
    </Card>
  );
}

function FeatureList({ title, lines }: { title: string; lines: { key: string; count?: number }[] }) {
  const { t } = useTranslation('buy');
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="overline" color="text.secondary" component="p">
        {title}
      </Typography>
      <List dense disablePadding aria-labelledby={id}>
        {lines.map((line) => (
          <ListItem key={line.key} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <CheckIcon fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={line.count == null ? t(line.key) : t(line.key, { count: line.count })} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
