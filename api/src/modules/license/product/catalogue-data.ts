// The product catalogue: the server's truth for names, prices (net, minor units, EUR) and plan options.
// Synced into the `products` table at every start (catalogue-sync.ts); edit here, restart, done.
import {
  FREE_TRIAL_DAYS,
  PLAN_TIERS,
  type ExtraOptions,
  type LicenseType,
  type PlanTier,
  type PluginName,
} from '@portal/shared/domain';

export interface CatalogueProduct {
  id: string;
  name: string;
  pluginName: PluginName;
  tier: PlanTier | null;
  priceAmount: number;
  licenseType: LicenseType;
  /** null → no expiry (free and permanent). */
  duration: { unit: 'day' | 'month' | 'year'; duration: number } | null;
  maxRegistrations: number;
  extraOptions: ExtraOptions;
  sortOrder: number;
}

interface PluginPlans {
  pluginName: PluginName;
  label: string;
  /** Monthly net price per tier in cents, in PLAN_TIERS order; yearly = 10 × monthly (the "17 %" badge). */
  monthlyCents: [number, number, number, number];
  options: (tierIndex: number) => ExtraOptions;
  trial: boolean;
  free: boolean;
  /** A one-off license without expiry (licenseType permanent), net cents; sold without extras. */
  permanentCents?: number;
}

const ANALYTICS = ['none', 'basic', 'advanced', 'full'] as const;

const PLUGINS: PluginPlans[] = [
  {
    pluginName: 'fresh_desk',
    label: 'Fresh Desk',
    monthlyCents: [1990, 2990, 4990, 7990],
    options: (i) => ({
      email_block_price_cents: 500,
      extra_user_price_cents: 300,
      email_quota_base: [1000, 2000, 5000, 10000][i],
      extra_users_included: [0, 1, 3, 5][i],
      jtl_wawi_enabled: true,
      shipping_orders_enabled: i >= 2,
      analytics_level: ANALYTICS[i],
    }),
    trial: true,
    free: false,
  },
  {
    pluginName: 'mobile',
    label: 'Mobile App',
    monthlyCents: [990, 1990, 2990, 4990],
    options: (i) => ({
      extra_user_price_cents: 300,
      email_quota_base: 1000,
      orders_per_day: [50, 200, 1000, 5000][i],
      extra_users_included: [0, 1, 2, 3][i],
      max_users: [1, 3, 5, 10][i],
      jtl_wawi_enabled: i >= 1,
      shipping_orders_enabled: i >= 2,
      analytics_level: ANALYTICS[i],
    }),
    trial: true,
    free: false,
  },
  {
    pluginName: 'magic_matrix',
    label: 'Content Master',
    monthlyCents: [1490, 2490, 3990, 6990],
    options: (i) => ({
      email_block_price_cents: 500,
      extra_user_price_cents: 300,
      email_quota_base: 1000,
      extra_users_included: [0, 1, 2, 4][i],
      jtl_wawi_enabled: i >= 1,
      shipping_orders_enabled: false,
      analytics_level: ANALYTICS[i],
    }),
    trial: true,
    free: false,
    permanentCents: 29900,
  },
  {
    pluginName: 'gpsr',
    label: 'GPSR',
    monthlyCents: [990, 1990, 2990, 4990],
    options: (i) => ({
      extra_user_price_cents: 300,
      email_quota_base: 1000,
      extra_users_included: [0, 1, 2, 3][i],
      jtl_wawi_enabled: i >= 2,
      shipping_orders_enabled: false,
      analytics_level: ANALYTICS[i],
    }),
    trial: true,
    free: true,
  },
  {
    pluginName: 'lieferbar',
    label: 'Lieferbar',
    monthlyCents: [990, 1490, 2490, 3990],
    options: (i) => ({
      extra_user_price_cents: 300,
      email_quota_base: 1000,
      extra_users_included: [0, 1, 2, 3][i],
      jtl_wawi_enabled: true,
      shipping_orders_enabled: true,
      analytics_level: ANALYTICS[i],
    }),
    trial: true,
    free: false,
  },
];

const slug = (tier: string) => tier.toLowerCase();

/** A half-year plan costs 5.5 monthly prices (kept doubled to stay in whole cents: every monthly price ends in 90). */
const HALF_YEAR_PRICE_MONTHS_X2 = 11;

/** A plan billed every `months` months prices its extra users and email blocks per period: monthly price × months. */
function extrasPricedPer(options: ExtraOptions, months: number): ExtraOptions {
  return {
    ...options,
    ...(options.email_block_price_cents ? { email_block_price_cents: options.email_block_price_cents * months } : {}),
    ...(options.extra_user_price_cents ? { extra_user_price_cents: options.extra_user_price_cents * months } : {}),
  };
}

function pluginProducts(p: PluginPlans, pluginIndex: number): CatalogueProduct[] {
  const base = pluginIndex * 100;
  const out: CatalogueProduct[] = [];
  if (p.free) {
    out.push({
      id: `${p.pluginName}-free`,
      name: `${p.label} Free`,
      pluginName: p.pluginName,
      tier: null,
      priceAmount: 0,
      licenseType: 'free',
      duration: null,
      maxRegistrations: 1,
      extraOptions: { ...p.options(0), extra_users_included: 0 },
      sortOrder: base,
    });
  }
  if (p.trial) {
    out.push({
      id: `${p.pluginName}-trial`,
      name: `${p.label} Trial`,
      pluginName: p.pluginName,
      tier: null,
      priceAmount: 0,
      licenseType: 'trial',
      duration: { unit: 'day', duration: FREE_TRIAL_DAYS },
      maxRegistrations: 1,
      extraOptions: p.options(0),
      sortOrder: base + 1,
    });
  }
  PLAN_TIERS.forEach((tier, i) => {
    const options = p.options(i);
    const maxRegistrations = [1, 2, 3, 5][i];
    out.push({
      id: `${p.pluginName}-${slug(tier)}-monthly`,
      name: `${p.label} ${tier}`,
      pluginName: p.pluginName,
      tier,
      priceAmount: p.monthlyCents[i],
      licenseType: 'subscription',
      duration: { unit: 'month', duration: 1 },
      maxRegistrations,
      extraOptions: options,
      sortOrder: base + 10 + i * 3,
    });
    out.push({
      id: `${p.pluginName}-${slug(tier)}-half-yearly`,
      name: `${p.label} ${tier} Half-yearly`,
      pluginName: p.pluginName,
      tier,
      // Six months for the price of five and a half; extras are priced per half-year (the buy page shows them ÷ 6).
      priceAmount: (p.monthlyCents[i] * HALF_YEAR_PRICE_MONTHS_X2) / 2,
      licenseType: 'subscription',
      duration: { unit: 'month', duration: 6 },
      maxRegistrations,
      extraOptions: extrasPricedPer(options, 6),
      sortOrder: base + 11 + i * 3,
    });
    out.push({
      id: `${p.pluginName}-${slug(tier)}-yearly`,
      name: `${p.label} ${tier} Yearly`,
      pluginName: p.pluginName,
      tier,
      priceAmount: p.monthlyCents[i] * 10,
      licenseType: 'subscription',
      duration: { unit: 'year', duration: 1 },
      maxRegistrations,
      // Extra users/emails are priced per year on yearly plans (the buy page shows them ÷ 12).
      extraOptions: extrasPricedPer(options, 12),
      sortOrder: base + 12 + i * 3,
    });
  });
  if (p.permanentCents) {
    const top = PLAN_TIERS.length - 1;
    const { email_block_price_cents: _emails, extra_user_price_cents: _users, ...options } = p.options(top);
    out.push({
      id: `${p.pluginName}-permanent`,
      name: `${p.label} Lifetime`,
      pluginName: p.pluginName,
      tier: PLAN_TIERS[top],
      priceAmount: p.permanentCents,
      licenseType: 'permanent',
      duration: null,
      maxRegistrations: 5,
      extraOptions: options,
      sortOrder: base + 30,
    });
  }
  return out;
}

/** mobile_default: the free basic mobile app product, listed under the mobile plugin in both billing lists. */
const MOBILE_DEFAULT: CatalogueProduct = {
  id: 'mobile_default-free',
  name: 'Mobile App Free',
  pluginName: 'mobile_default',
  tier: null,
  priceAmount: 0,
  licenseType: 'free',
  duration: null,
  maxRegistrations: 1,
  extraOptions: {
    email_quota_base: 1000,
    extra_users_included: 0,
    max_users: 1,
    jtl_wawi_enabled: false,
    shipping_orders_enabled: false,
    analytics_level: 'none',
  },
  sortOrder: 150,
};

export const CATALOGUE: readonly CatalogueProduct[] = [...PLUGINS.flatMap(pluginProducts), MOBILE_DEFAULT].sort(
  (a, b) => a.sortOrder - b.sortOrder,
);
