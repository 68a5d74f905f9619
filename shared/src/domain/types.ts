// Entities of spec §3, shared by the shell, the remotes and the api.

export type Language = 'de' | 'en';
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
export interface ApiUser {
  id: string;
  email: string;
  parentUserId: string | null;
  language: Language;
  isActive: boolean;
  createdAt: string;
}

export interface ProfileContact {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  country: string;
  city: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  invoiceEmail: string;
  vatID: string;
  parentUserId: string | null;
}

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

export interface DurationSpec {
  unit: DurationUnit;
  duration: number;
}

export interface ExtraOptions {
  email_block_price_cents?: number;
  extra_user_price_cents?: number;
  email_quota_base?: number;
  extra_users_included?: number;
  max_users?: number;
  jtl_wawi_enabled?: boolean;
  shipping_orders_enabled?: boolean;
  analytics_level?: 'none' | string;
  extra_email_count?: number;
  extra_users_count?: number;
}

export interface LicenseTypeDetails {
  type: LicenseType;
  licenseValidDuration: DurationSpec[];
  maxRegistrationsCount: number;
  extraOptions: ExtraOptions;
}

export interface Money {
  /** Minor units (cents). */
  amount: number;
  currency: string;
}

export interface Product {
  id: string;
  name: string;
  pluginName: PluginName;
  tier: PlanTier | null;
  priceNetto: Money;
  licenseTypeDetails: LicenseTypeDetails[];
}

export interface LicenseUser {
  type: 'email' | 'domain' | 'ip' | 'deviceInfo';
  value: string;
}

export interface License {
  id: string;
  productId: string;
  productName: string;
  pluginName: PluginName;
  key: string;
  status: Status;
  licenseCreated: string;
  licenseExpired: string | null;
  licenseTypeDetails: { type: LicenseType; extraOptions?: ExtraOptions };
  licenseUser: LicenseUser[];
  priceNetto: Money;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SubUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface PendingOverage {
  id: string;
}

export interface ContactRequest {
  name: string;
  phone: string;
  email: string;
  message: string;
}

/** Error body of every api failure (spec §8). */
export interface ApiErrorBody {
  message: string;
  slug: string;
}

export const INTERNAL_ONLY_PLUGINS: PluginName[] = ['magic_matrix', 'gpsr', 'lieferbar'];
