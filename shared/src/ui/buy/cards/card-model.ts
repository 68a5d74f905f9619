// What one license card shows and does, derived from the product, the seller's licenses and the toggle.
import { YEARLY_DISCOUNT_PERCENT } from '../../../domain/constants';
import { isLicenseValid } from '../../../domain/license-validity';
import { isFreeProduct, isYearlyProduct, monthsPerPrice, yearlyStruckPrice, type Billing } from '../../../domain/money';
import { extraPrices } from '../../../domain/pricing';
import type { License, Product } from '../../../domain/types';

export type { Billing };

/**
 * buy: paid product → purchase dialog; activate_free / start_trial: POST /license/product/free_or_trial, then
 * /dashboard; get_app: mobile_default (activates the free app license when missing, then scrolls to get-now,
 * active or not);
 * active: the seller already holds a valid license of this product;
 * change_plan: another plan of a plugin the seller subscribes to (a change of that subscription, never a second one);
 * current_plan: the plan of that subscription.
 */
export type CardAction =
  'buy' | 'activate_free' | 'start_trial' | 'get_app' | 'active' | 'change_plan' | 'current_plan';

export type PeriodLabel =
  | { key: 'period_month' | 'period_year' | 'period_once' | 'period_forever' }
  | { key: 'period_months' | 'period_days'; count: number };

export interface FeatureLine {
  key: string;
  count?: number;
}

/** The seller's valid license of exactly this product, if any. */
export function activeLicenseOf(product: Pick<Product, 'id'>, licenses: readonly License[]): License | null {
  return licenses.find((l) => l.productId === product.id && isLicenseValid(l)) ?? null;
}

/**
 * The seller's valid license of the product's plugin whose subscription is live (Active, or Inactive with its
 * renewal unpaid): another plan of that plugin changes this subscription.
 */
export function subscribedLicenseOf(
  product: Pick<Product, 'pluginName'>,
  licenses: readonly License[],
): License | null {
  return (
    licenses.find(
      (l) =>
        l.pluginName === product.pluginName &&
        isLicenseValid(l) &&
        (l.subscription?.status === 'Active' || l.subscription?.status === 'Inactive'),
    ) ?? null
  );
}

export function cardAction(
  product: Product,
  activeLicense: License | null,
  subscribed: License | null = null,
): CardAction {
  // The free app product always leads to the store links; its card shows the active state beside the button.
  if (product.pluginName === 'mobile_default') return 'get_app';
  if (subscribed && product.licenseTypeDetails[0]?.type === 'subscription') {
    return subscribed.productId === product.id ? 'current_plan' : 'change_plan';
  }
  if (activeLicense) return 'active';
  if (isFreeProduct(product)) return product.licenseTypeDetails[0]?.type === 'trial' ? 'start_trial' : 'activate_free';
  return 'buy';
}

export function periodLabel(product: Product): PeriodLabel {
  const details = product.licenseTypeDetails[0];
  const duration = details?.licenseValidDuration?.[0];
  if (!duration) return { key: details?.type === 'permanent' ? 'period_once' : 'period_forever' };
  if (isYearlyProduct(product)) return { key: 'period_year' };
  if (duration.unit === 'month')
    return duration.duration === 1 ? { key: 'period_month' } : { key: 'period_months', count: duration.duration };
  if (duration.unit === 'day') return { key: 'period_days', count: duration.duration };
  return { key: 'period_year' };
}

/** '-17%' and the struck-through original on yearly paid products while Yearly is chosen. */
export function yearlyDiscount(product: Product, billing: Billing): { percent: number; originalCents: number } | null {
  if (billing !== 'yearly' || !isYearlyProduct(product) || isFreeProduct(product)) return null;
  return { percent: YEARLY_DISCOUNT_PERCENT, originalCents: yearlyStruckPrice(product.priceNetto.amount) };
}

/** Main features (quota, users, installations) and additional ones (JTL-Wawi, shipping, reports). */
export function cardFeatures(product: Product): { main: FeatureLine[]; additional: FeatureLine[] } {
  const details = product.licenseTypeDetails[0];
  const options = details?.extraOptions ?? {};
  const main: FeatureLine[] = [];
  if (details?.type === 'trial' && details.licenseValidDuration[0]?.unit === 'day') {
    main.push({ key: 'feature_trial_days', count: details.licenseValidDuration[0].duration });
  }
  if (options.orders_per_day) main.push({ key: 'feature_orders_per_day', count: options.orders_per_day });
  if (product.pluginName !== 'mobile' && product.pluginName !== 'mobile_default' && options.email_quota_base) {
    main.push({ key: 'feature_email_quota', count: options.email_quota_base });
  }
  if (options.max_users) main.push({ key: 'feature_max_users', count: options.max_users });
  else if (options.extra_users_included)
    main.push({ key: 'feature_users_included', count: options.extra_users_included });
  if (details?.maxRegistrationsCount) main.push({ key: 'feature_registrations', count: details.maxRegistrationsCount });

  const additional: FeatureLine[] = [];
  if (options.jtl_wawi_enabled) additional.push({ key: 'feature_jtl_wawi' });
  if (options.shipping_orders_enabled) additional.push({ key: 'feature_shipping_orders' });
  if (options.analytics_level && options.analytics_level !== 'none') {
    const level = ['basic', 'advanced', 'full'].includes(options.analytics_level) ? options.analytics_level : 'basic';
    additional.push({ key: `feature_analytics_${level}` });
  }
  return { main, additional };
}

/** Counters a card offers, with the per-month display price (yearly prices ÷ 12, half-year prices ÷ 6). */
export function cardCounters(product: Product): {
  users: { monthlyCents: number } | null;
  emails: { monthlyCents: number } | null;
} {
  const prices = extraPrices(product);
  const perMonth = (cents: number) => cents / monthsPerPrice(product);
  return {
    users: prices.extraUserCents == null ? null : { monthlyCents: perMonth(prices.extraUserCents) },
    emails: prices.emailBlockCents == null ? null : { monthlyCents: perMonth(prices.emailBlockCents) },
  };
}

/** fresh_desk paid plans need "I agree to automatic package upgrades …" before buying. */
export function needsAutoUpgradeConsent(product: Product): boolean {
  return product.pluginName === 'fresh_desk' && !isFreeProduct(product);
}
