// The portal's entities, shared by the shell, the remotes and the api. Types of wire shapes are derived from their zod
// schemas (type-only imports, so there is no runtime cycle). No schema file imports this one: the value lists both
// build on are in enums.ts, and the two types a schema file needs itself (License, ProfileContact) are declared
// beside their schema; this file hands all of them on, so `domain/types` still names every entity.
import type { z } from 'zod';
import type { extraOptionsSchema, durationSpecSchema, moneySchema, productSchema } from './catalogue';
import type { Language, Status } from './enums';
import type { License } from './license';
import type { pendingOveragesSchema } from './overage';
import type { ProfileContact } from './profile';
import type { subUserSchema } from './sub-user';
import type { apiUserSchema } from './user';

export * from './enums';
export type { License } from './license';
export type { ProfileContact } from './profile';

export type Theme = 'light' | 'dark';

/** Identity user as the shell keeps it locally. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
}

/** GET /user answer. */
export type ApiUser = z.infer<typeof apiUserSchema>;

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

export type LicenseUser = License['licenseUser'][number];

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SubUser = z.infer<typeof subUserSchema>;

export type PendingOverage = z.infer<typeof pendingOveragesSchema>['subscriptions_to_approve'][number];
