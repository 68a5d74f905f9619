import {
  DURATION_UNITS,
  LICENSE_TYPES,
  PLAN_TIERS,
  PLUGIN_NAMES,
  type ExtraOptions,
  type Product,
} from '@portal/shared/domain';
import { z } from 'zod';
import type { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
/** ExtraOptions of shared/src/domain/types.ts (spec §3 extraOptions). */
export const extraOptionsSchema = z.object({
  email_block_price_cents: z.number().optional(),
  extra_user_price_cents: z.number().optional(),
  email_quota_base: z.number().optional(),
  extra_users_included: z.number().optional(),
  max_users: z.number().optional(),
  jtl_wawi_enabled: z.boolean().optional(),
  shipping_orders_enabled: z.boolean().optional(),
  analytics_level: z.string().optional(),
  extra_email_count: z.number().optional(),
  extra_users_count: z.number().optional(),
});

/** Product of shared/src/domain/types.ts. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  pluginName: z.enum(PLUGIN_NAMES),
  tier: z.enum(PLAN_TIERS).nullable(),
  priceNetto: moneySchema,
  licenseTypeDetails: z.array(
    z.object({
      type: z.enum(LICENSE_TYPES),
      licenseValidDuration: z.array(z.object({ unit: z.enum(DURATION_UNITS), duration: z.number() })),
      maxRegistrationsCount: z.number(),
      extraOptions: extraOptionsSchema,
    }),
  ),
});

export const pluginNameSchema = z.enum(PLUGIN_NAMES, {
  error: `pluginName must be one of ${PLUGIN_NAMES.join(', ')}`,
});

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    pluginName: row.pluginName as Product['pluginName'],
    tier: (row.tier as Product['tier']) ?? null,
    priceNetto: { amount: row.priceAmount, currency: row.currency },
    licenseTypeDetails: [
      {
        type: row.licenseType,
        licenseValidDuration:
          row.durationUnit && row.duration != null ? [{ unit: row.durationUnit, duration: row.duration }] : [],
        maxRegistrationsCount: row.maxRegistrations,
        extraOptions: row.extraOptions as ExtraOptions,
      },
    ],
  };
}
