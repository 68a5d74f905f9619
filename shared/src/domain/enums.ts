// The closed lists of values the portal's entities are made of (languages, plugins, license types, statuses …).
// Schemas (z.enum) and entity types both build on them, so they stand below both, importing nothing.
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const PLUGIN_NAMES = ['fresh_desk', 'mobile', 'magic_matrix', 'gpsr', 'lieferbar', 'mobile_default'] as const;
export type PluginName = (typeof PLUGIN_NAMES)[number];

export const LICENSE_TYPES = ['free', 'trial', 'subscription', 'permanent'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const STATUSES = ['active', 'inactive', 'deleted', 'validate'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * What a numbered invoice is: an `invoice`; a `cancellation` that negates a whole invoice (a full refund); a
 * `correction` that reduces one by a part of its amount (a partial refund). Both point at the invoice they correct.
 */
export const INVOICE_KINDS = ['invoice', 'cancellation', 'correction'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const DURATION_UNITS = ['day', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const PLAN_TIERS = ['Basic', 'Economical', 'Advanced', 'Optimal'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const LICENSE_SORT_ORDERS = ['LicenseCreated', 'LicenseExpired', 'ProductName'] as const;
