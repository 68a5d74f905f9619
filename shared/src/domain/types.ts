// Entities of spec §3, shared by the shell, the remotes and the api. Types of wire shapes are derived from their zod
// schemas (type-only imports, so there is no runtime cycle).
import type { z } from 'zod';
import type { extraOptionsSchema, durationSpecSchema, moneySchema, productSchema } from './catalogue';
import type { licenseSchema } from './license';
import type { pendingOveragesSchema } from './overage';
import type { profileContactSchema } from './profile';
import type { subUserSchema } from './sub-user';
import type { apiUserSchema } from './user';

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
export type Theme = 'light' | 'dark';

export const PLUGIN_NAMES = ['fresh_desk', 'mobile', 'magic_matrix', 'gpsr', 'lieferbar', 'mobile_default'] as const;
export type PluginName = (typeof PLUGIN_NAMES)[number];

export const LICENSE_TYPES = ['free', 'trial', 'subscription', 'permanent'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const STATUSES = ['active', 'inactive', 'deleted', 'validate'] as const;
export type Status = (typeof STATUSES)[number];

export const DURATION_UNITS = ['day', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export const PLAN_TIERS = ['Basic', 'Economical', 'Advanced', 'Optimal'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const LICENSE_SORT_ORDERS = ['LicenseCreated', 'LicenseExpired', 'ProductName'] as const;

/** Identity user as the shell keeps it locally. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
}

/** GET /user answer. */
export type ApiUser = z.infer<typeof apiUserSchema>;

export type ProfileContact = z.infer<typeof profileContactSchema>;

export interface Avv {
  isAccepted: boolean;
  acceptedDate: string | null;
  version?: string | null;
}

export interface Profile {
  contact: ProfileContact;
  avv: Avv;
  language: Language;
  verifyReminder?: boolean;
}

export interface DataSource {
  host: string;
  port: number;
  database: string;
  user: string;
  /** Never sent by the api; only in requests. */
  password?: string;
  engine?: 'mssql' | 'mysql' | 'postgres';
  userEmails: string[];
  status: Status;
}

export type DurationSpec = z.infer<typeof durationSpecSchema>;

export type ExtraOptions = z.infer<typeof extraOptionsSchema>;

/** Minor units (cents). */
export type Money = z.infer<typeof moneySchema>;

export type Product = z.infer<typeof productSchema>;

export type LicenseUser = z.infer<typeof licenseSchema>['licenseUser'][number];

export type License = z.infer<typeof licenseSchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SubUser = z.infer<typeof subUserSchema>;

export type PendingOverage = z.infer<typeof pendingOveragesSchema>['subscriptions_to_approve'][number];
