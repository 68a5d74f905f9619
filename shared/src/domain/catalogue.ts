import { z } from 'zod';
import { DURATION_UNITS, LICENSE_TYPES, PLAN_TIERS, PLUGIN_NAMES } from './enums';

export const pluginNameSchema = z.enum(PLUGIN_NAMES, { error: 'validation_pluginName_invalid' });

/** Minor units (cents). */
export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

/** Extra options of a product or license: prices in cents, quotas, user limits, features and the buyer's counts. */
export const extraOptionsSchema = z.object({
  email_block_price_cents: z.number().optional(),
  extra_user_price_cents: z.number().optional(),
  email_quota_base: z.number().optional(),
  /** mobile plans: orders per day the app follows ("up to {count} orders per day"). */
  orders_per_day: z.number().optional(),
  extra_users_included: z.number().optional(),
  max_users: z.number().optional(),
  jtl_wawi_enabled: z.boolean().optional(),
  shipping_orders_enabled: z.boolean().optional(),
  analytics_level: z.string().optional(),
  extra_email_count: z.number().optional(),
  extra_users_count: z.number().optional(),
  /** fresh_desk: the buyer agreed to automatic package upgrades above the base limits (a paid plan needs it). */
  auto_upgrade_consent: z.boolean().optional(),
});

export const durationSpecSchema = z.object({ unit: z.enum(DURATION_UNITS), duration: z.number() });

export const licenseTypeDetailsSchema = z.object({
  type: z.enum(LICENSE_TYPES),
  licenseValidDuration: z.array(durationSpecSchema),
  maxRegistrationsCount: z.number(),
  extraOptions: extraOptionsSchema,
});

/** A product of the catalogue (GET /license/product/…). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  pluginName: pluginNameSchema,
  tier: z.enum(PLAN_TIERS).nullable(),
  priceNetto: moneySchema,
  licenseTypeDetails: z.array(licenseTypeDetailsSchema),
});
