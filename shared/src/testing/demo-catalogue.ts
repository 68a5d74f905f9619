// A catalogue shaped like the api's (api/src/modules/license/product/catalogue-data.ts) for tests and standalone
// remotes: free/trial products, four tiers monthly and yearly (yearly = 10 × monthly, extras priced per year).
import type { PlanTier, PluginName, Product } from '../domain/types';

const TIERS: PlanTier[] = ['Basic', 'Economical', 'Advanced', 'Optimal'];

/**
 * The terms each tier is sold for: id and name suffix, the price as so many monthly prices (a discount for the
 * longer terms), the length, and the months the extras are priced for.
 */
const TERMS = [
  { slug: 'monthly', name: '', priceInMonths: 1, duration: { unit: 'month', duration: 1 }, months: 1 },
  {
    slug: 'half-yearly',
    name: ' Half-yearly',
    priceInMonths: 5.5,
    duration: { unit: 'month', duration: 6 },
    months: 6,
  },
  { slug: 'yearly', name: ' Yearly', priceInMonths: 10, duration: { unit: 'year', duration: 1 }, months: 12 },
] as const;

interface PluginSpec {
  label: string;
  monthlyCents: [number, number, number, number];
  emailBlockCents?: number;
  extraUserCents?: number;
  maxUsers?: number[];
  free: boolean;
}

const SPECS: Partial<Record<PluginName, PluginSpec>> = {
  fresh_desk: {
    label: 'Fresh Desk',
    monthlyCents: [1990, 2990, 4990, 7990],
    emailBlockCents: 500,
    extraUserCents: 300,
    free: false,
  },
  mobile: {
    label: 'Mobile App',
    monthlyCents: [990, 1990, 2990, 4990],
    extraUserCents: 300,
    maxUsers: [1, 3, 5, 10],
    free: false,
  },
  magic_matrix: {
    label: 'Content Master',
    monthlyCents: [1490, 2490, 3990, 6990],
    emailBlockCents: 500,
    extraUserCents: 300,
    free: false,
  },
  gpsr: { label: 'GPSR', monthlyCents: [990, 1990, 2990, 4990], extraUserCents: 300, free: true },
  lieferbar: { label: 'Lieferbar', monthlyCents: [990, 1490, 2490, 3990], extraUserCents: 300, free: false },
};

function product(
  id: string,
  name: string,
  pluginName: PluginName,
  amount: number,
  type: Product['licenseTypeDetails'][0]['type'],
  duration: { unit: 'day' | 'month' | 'year'; duration: number } | null,
  extraOptions: Product['licenseTypeDetails'][0]['extraOptions'],
  tier: PlanTier | null = null,
): Product {
  return {
    id,
    name,
    pluginName,
    tier,
    priceNetto: { amount, currency: 'EUR' },
    licenseTypeDetails: [
      { type, licenseValidDuration: duration ? [duration] : [], maxRegistrationsCount: 1, extraOptions },
    ],
  };
}

/** Products of GET /license/product/plugin/{plugin} (mobile includes mobile_default). */
export function demoCatalogue(plugin: PluginName): Product[] {
  const spec = SPECS[plugin];
  if (!spec) return [];
  const out: Product[] = [];
  const base = (i: number) => ({
    email_quota_base: [1000, 2000, 5000, 10000][i],
    extra_users_included: [0, 1, 3, 5][i],
    ...(spec.maxUsers ? { max_users: spec.maxUsers[i] } : {}),
    ...(plugin === 'mobile' ? { orders_per_day: [50, 200, 1000, 5000][i] } : {}),
    jtl_wawi_enabled: true,
    shipping_orders_enabled: i >= 2,
    analytics_level: ['none', 'basic', 'advanced', 'full'][i],
  });
  if (spec.free) out.push(product(`${plugin}-free`, `${spec.label} Free`, plugin, 0, 'free', null, base(0)));
  out.push(
    product(`${plugin}-trial`, `${spec.label} Trial`, plugin, 0, 'trial', { unit: 'day', duration: 3 }, base(0)),
  );
  TIERS.forEach((tier, i) => {
    const extras = (factor: number) => ({
      ...(spec.emailBlockCents ? { email_block_price_cents: spec.emailBlockCents * factor } : {}),
      ...(spec.extraUserCents ? { extra_user_price_cents: spec.extraUserCents * factor } : {}),
    });
    const slug = tier.toLowerCase();
    for (const term of TERMS) {
      out.push(
        product(
          `${plugin}-${slug}-${term.slug}`,
          `${spec.label} ${tier}${term.name}`,
          plugin,
          spec.monthlyCents[i] * term.priceInMonths,
          'subscription',
          term.duration,
          { ...base(i), ...extras(term.months) },
          tier,
        ),
      );
    }
  });
  if (plugin === 'mobile') {
    out.push(
      product('mobile_default-free', 'Mobile App Free', 'mobile_default', 0, 'free', null, {
        email_quota_base: 1000,
        max_users: 1,
        analytics_level: 'none',
      }),
    );
  }
  return out;
}
